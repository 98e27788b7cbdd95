/**
 * The workload SPI and its registry. A workload family ({@code net}, {@code amqp}, {@code
 * database}, {@code ds2}, {@code jmeter}, or one a plugin adds) implements {@link
 * io.loadlab.core.workload.Workload} and names it in {@code
 * META-INF/services/io.loadlab.core.workload.Workload}; {@link io.loadlab.core.workload.Workloads}
 * finds every one with {@link java.util.ServiceLoader}. Each of its commands is described once, as
 * a {@link io.loadlab.core.workload.WorkloadCommand}: words and summary, options ({@link
 * io.loadlab.core.options.OptionTable}), whether it runs load, the figures criteria may name, its
 * operations ({@link io.loadlab.core.workload.Operations}), whether it serves ({@link
 * io.loadlab.core.workload.Server}: ready words, start-up estimate), its JVM hints and its setup
 * estimate. The command line builds its commands' help and options from these, and the campaign
 * engine checks steps, starts services and estimates plans by them, so neither names a workload.
 * The options every command of a kind shares are here too ({@link
 * io.loadlab.core.workload.SharedOptions}). Here in core, below both, because both ask and neither
 * may import the other.
 */
package io.loadlab.core.workload;
