/**
 * JMH benchmarks of loadlab: the recorder and exporters every run goes through, and the
 * per-operation APIs of the drivers (AMQP, DS2, network), next to a no-op baseline that shows the
 * harness's own cost. Run them from the shaded {@code jmh-benches/target/benchmarks.jar}; see
 * {@code docs/jmh.md}.
 */
package io.loadlab.jmh;
