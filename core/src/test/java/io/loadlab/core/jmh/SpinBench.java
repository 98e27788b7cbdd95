package io.loadlab.core.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A benchmark whose answer is known: each call spins for {@code micros} microseconds, so its
 * latency is just above that and its rate on one thread just below {@code 1e6 / micros} per second.
 * Scores are in milliseconds, to test the unit conversion.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SpinBench {
  @Param({"200", "400"})
  public int micros;

  @Benchmark
  public long spin() {
    long end = System.nanoTime() + micros * 1_000L;
    long now;
    do {
      now = System.nanoTime();
    } while (now < end);
    return now;
  }
}
