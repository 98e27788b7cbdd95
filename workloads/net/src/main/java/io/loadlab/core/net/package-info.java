/**
 * Network transactions after netperf: a responder ({@link io.loadlab.core.net.NetServer}), a
 * per-connection client ({@link io.loadlab.core.net.NetConnection}) that the command line, JMeter
 * and JMH share, and the rr, crr and stream drivers ({@link io.loadlab.core.net.NetDriver}).
 */
package io.loadlab.core.net;
