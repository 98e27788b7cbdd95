package io.loadlab.jmh.record;

import java.util.SplittableRandom;

/**
 * A fixed cycle of realistic latencies (log-uniform from 20 µs to 20 ms, in nanoseconds) to record,
 * so that benchmarks write into many histogram buckets and the JIT cannot fold a constant value.
 * The same seed gives the same cycle in every benchmark, including the baseline.
 */
public final class LatencyValues {
  /** The cycle's length; a power of two so that the next index is a mask, not a division. */
  public static final int SIZE = 4096;

  private static final long[] VALUES = make(SIZE, 42);

  private final long[] values = VALUES;
  private int next;

  /** The next value of the cycle. */
  public long next() {
    long v = values[next];
    next = (next + 1) & (SIZE - 1);
    return v;
  }

  /** {@code n} latencies between 20 µs and 20 ms, log-uniformly spread, in nanoseconds. */
  static long[] make(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] v = new long[n];
    double low = Math.log(20_000);
    double high = Math.log(20_000_000);
    for (int i = 0; i < n; i++) {
      v[i] = (long) Math.exp(low + random.nextDouble() * (high - low));
    }
    return v;
  }
}
