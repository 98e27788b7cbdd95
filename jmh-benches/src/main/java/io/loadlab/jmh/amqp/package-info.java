/** Benchmarks of the AMQP client (Qpid JMS) against an embedded or named broker. */
package io.loadlab.jmh.amqp;
