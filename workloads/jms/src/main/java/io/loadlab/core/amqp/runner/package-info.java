/**
 * The messaging load commands' runners ({@code amqp throughput}, {@code amqp latency}): their
 * options read into settings, the broker they run against (the embedded one unless one is named),
 * their runs and the tables they show; every front-end runs them through the workload SPI.
 */
package io.loadlab.core.amqp.runner;
