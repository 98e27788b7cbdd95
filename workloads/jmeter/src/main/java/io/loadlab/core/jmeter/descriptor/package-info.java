/**
 * The descriptor of the JMeter workload ({@code jmeter run}): its commands and their options,
 * described once, registered in {@code META-INF/services/io.loadlab.core.workload.Workload}.
 * Nothing outside this workload names these classes; the command line and campaigns ask {@link
 * io.loadlab.core.workload.Workloads}.
 */
package io.loadlab.core.jmeter.descriptor;
