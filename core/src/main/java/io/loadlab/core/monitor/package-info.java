/**
 * Watches the load generator itself (its process CPU, the host's CPU and load, the JVM's pauses) so
 * that a run can say when its figures describe the client rather than the system under test.
 */
package io.loadlab.core.monitor;
