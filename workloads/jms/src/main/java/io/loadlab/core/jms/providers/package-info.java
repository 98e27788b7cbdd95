/**
 * The built-in JMS providers ({@code qpid-jms}, {@code artemis}, {@code activemq}, {@code
 * rabbitmq}), the {@code jndi} provider for any other, and {@link
 * io.loadlab.core.jms.providers.Providers}, which finds one by name.
 */
package io.loadlab.core.jms.providers;
