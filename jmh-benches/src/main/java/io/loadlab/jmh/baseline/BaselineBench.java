package io.loadlab.jmh.baseline;

import io.loadlab.jmh.record.LatencyValues;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The harness measuring itself: what every other figure contains before the benchmarked code does
 * anything. {@code noop} is an empty method; {@code nextValue} reads the latency cycle that {@code
 * RecordBench} records (subtract it to get the recording cost alone); {@code nanoTime} is the clock
 * read that a driver pays twice per timed operation.
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar BaselineBench</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class BaselineBench {

  /** The latency cycle, as {@code RecordBench} walks it. */
  @State(Scope.Thread)
  public static class Values {
    final LatencyValues values = new LatencyValues();
  }

  /** Nothing at all: the cost of the benchmark loop. */
  @Benchmark
  public void noop() {}

  /** Reads the next latency value, returned so that JMH consumes it. */
  @Benchmark
  public long nextValue(Values v) {
    return v.values.next();
  }

  /** One {@link System#nanoTime()} read. */
  @Benchmark
  public long nanoTime() {
    return System.nanoTime();
  }
}
