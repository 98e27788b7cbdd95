/** AMQP 1.0 elements over loadlab's Qpid JMS client: a connection config and three samplers. */
package io.loadlab.jmeter.amqp;
