/** Roles (broker, database, jmeter-server, net serve) started over SSH with health checks. */
package io.loadlab.provision.roles;
