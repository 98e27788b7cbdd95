/** Benchmarks of network request/response transactions on loopback or to a named responder. */
package io.loadlab.jmh.net;
