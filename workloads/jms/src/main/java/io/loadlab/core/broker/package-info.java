/**
 * An embedded Apache ActiveMQ Artemis broker with an AMQP 1.0 acceptor, the AMQP default target.
 */
package io.loadlab.core.broker;
