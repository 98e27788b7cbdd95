/**
 * The generic sampler: one operation of any registered workload whose command has a runner ({@link
 * io.loadlab.core.workload.WorkloadRunner}) per sample, its options as on the command line; the
 * workload's jar in JMeter's {@code lib/ext} is all a new workload needs.
 */
package io.loadlab.jmeter.workload;
