/**
 * The JMS provider SPI: what loadlab's messaging workloads need of a JMS client library (a {@link
 * jakarta.jms.ConnectionFactory} made from loadlab's connection settings, destinations, its name,
 * client version, protocol and the features it has). The built-in providers are in {@code
 * io.loadlab.core.jms.providers}; the drivers in {@code io.loadlab.core.amqp} only use this
 * package.
 */
package io.loadlab.core.jms.provider;
