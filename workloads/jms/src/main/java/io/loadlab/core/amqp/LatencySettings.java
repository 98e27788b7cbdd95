package io.loadlab.core.amqp;

import io.loadlab.core.failure.UsageException;
import java.time.Duration;
import java.util.List;

/**
 * A latency run after qpid-latency-test. Names follow its options.
 *
 * @param connection the broker and link settings (prefetch is {@code --prefetch})
 * @param sizes message body sizes in bytes; each is one point of the sweep
 * @param rate messages per second per test, or 0 to send one at a time (the next after the previous
 *     came back)
 * @param count messages per test per size, or 0 to run for the run's duration
 * @param tests concurrent tests, each with its own queue and connection; test i runs at {@code rate
 *     + i - 1} messages per second ({@code --tests}, qpid-latency-test's {@code --concurrentTests})
 * @param ackEvery acknowledge every N messages; 0 accepts each as received ({@code --ack})
 * @param durable persistent messages
 * @param singleConnection all tests share one connection
 * @param baseName queue names are {@code <baseName>-1..N}
 * @param drainTimeout how long to wait for messages still on their way once sending stops
 */
public record LatencySettings(
    AmqpConnectionSettings connection,
    List<Integer> sizes,
    double rate,
    long count,
    int tests,
    int ackEvery,
    boolean durable,
    boolean singleConnection,
    String baseName,
    Duration drainTimeout) {

  /** Defaults as qpid-latency-test's where they apply: one test, one at a time. */
  public static LatencySettings defaults(AmqpConnectionSettings connection, List<Integer> sizes) {
    return new LatencySettings(
        connection, sizes, 0, 0, 1, 0, false, false, "loadlab-latency", Duration.ofSeconds(10));
  }

  public LatencySettings {
    if (sizes == null || sizes.isEmpty()) {
      throw new UsageException("--size: at least one size is needed, e.g. 256");
    }
    for (int s : sizes) {
      if (s < 0) {
        throw new UsageException("--size: " + s + " is negative; use 0 or more bytes");
      }
    }
    sizes = List.copyOf(sizes);
    if (rate < 0 || Double.isNaN(rate) || rate > 10_000_000) {
      throw new UsageException(
          "--rate: " + rate + " is out of range; use 0 (one at a time) to 10000000 per second");
    }
    if (count < 0) {
      throw new UsageException("--count: " + count + " is negative; use 0 (run for --duration)");
    }
    if (tests < 1 || tests > 1000) {
      throw new UsageException("--tests: " + tests + " is out of range; use 1 to 1000");
    }
    if (ackEvery < 0) {
      throw new UsageException("--ack: " + ackEvery + " is negative; use 0 or more");
    }
    if (baseName == null || baseName.isBlank() || baseName.contains("/")) {
      throw new UsageException("--base-name: use a plain name such as loadlab-latency");
    }
    if (singleConnection && connection.mixed()) {
      throw new UsageException(
          "--single-connection: consumers through another provider need connections of their"
              + " own; drop --single-connection or --consumer-provider");
    }
  }

  /** The rate of test {@code i} (from 0): staggered by one message per second per test. */
  public double rateOf(int i) {
    return rate == 0 ? 0 : rate + i;
  }

  /** Returns a copy with another base name. */
  public LatencySettings withBaseName(String name) {
    return new LatencySettings(
        connection,
        sizes,
        rate,
        count,
        tests,
        ackEvery,
        durable,
        singleConnection,
        name,
        drainTimeout);
  }

  /** Returns a copy with another count. */
  public LatencySettings withCount(long n) {
    return new LatencySettings(
        connection,
        sizes,
        rate,
        n,
        tests,
        ackEvery,
        durable,
        singleConnection,
        baseName,
        drainTimeout);
  }
}
