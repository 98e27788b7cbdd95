/**
 * AMQP 1.0 messaging load over Apache Qpid JMS: connection settings, a per-thread client that the
 * command line, the JMeter sampler and the JMH benchmarks share, and the throughput (after
 * qpid-perftest) and latency (after qpid-latency-test) drivers.
 */
package io.loadlab.core.amqp;
