/**
 * The descriptor of the messaging workload ({@code amqp throughput}, {@code amqp latency}, {@code
 * broker}): its commands and their options, described once, registered in {@code
 * META-INF/services/io.loadlab.core.workload.Workload}. Nothing outside this workload names these
 * classes; the command line and campaigns ask {@link io.loadlab.core.workload.Workloads}.
 */
package io.loadlab.core.amqp.descriptor;
