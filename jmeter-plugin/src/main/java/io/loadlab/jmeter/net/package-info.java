/** Network transaction elements over loadlab's net client: a target config, RR and CRR samplers. */
package io.loadlab.jmeter.net;
