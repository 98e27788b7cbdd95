package io.loadlab.core.record;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Records the outcomes of one named operation (such as {@code rr} or {@code purchase}) from any
 * number of threads. Latency goes into an HdrHistogram in nanoseconds; counts and bytes into
 * adders. Recording never blocks and allocates nothing unless a {@link SampleListener} is set.
 */
public final class OperationRecorder {
  /** Latencies up to one hour are recorded exactly to three significant digits. */
  static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);

  private final String name;
  private final Recorder owner;
  private final org.HdrHistogram.Recorder latency =
      new org.HdrHistogram.Recorder(HIGHEST_TRACKABLE_NANOS, 3);
  private final LongAdder errors = new LongAdder();
  private final LongAdder bytesSent = new LongAdder();
  private final LongAdder bytesReceived = new LongAdder();
  private final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();
  private Histogram recycled;

  OperationRecorder(String name, Recorder owner) {
    this.name = name;
    this.owner = owner;
  }

  /** The operation's name, as it appears in results. */
  public String name() {
    return name;
  }

  /** Records a successful operation with no payload. */
  public void success(long latencyNanos) {
    success(latencyNanos, 0, 0);
  }

  /** Records a successful operation and the bytes it sent and received. */
  public void success(long latencyNanos, long sent, long received) {
    success(latencyNanos, 0, sent, received);
  }

  /**
   * Records a successful operation whose latency includes a connect time (such as a
   * connect/request/response transaction); the connect time is only passed to sample listeners.
   */
  public void success(long latencyNanos, long connectNanos, long sent, long received) {
    latency.recordValue(clamp(latencyNanos));
    bytesSent.add(sent);
    bytesReceived.add(received);
    SampleListener listener = owner.sampleListener();
    if (listener != null) {
      listener.onSample(
          name, latencyNanos, connectNanos, true, "OK", sent, received, owner.activeUsers());
    }
  }

  /**
   * Records a failed operation. Its latency is not put into the histogram, which holds successes
   * only; the failure is counted under {@code kind} (an SQLSTATE, a JMS error code, an exception
   * class).
   */
  public void failure(long latencyNanos, String kind) {
    errors.increment();
    errorKinds.computeIfAbsent(kind, k -> new LongAdder()).increment();
    SampleListener listener = owner.sampleListener();
    if (listener != null) {
      listener.onSample(name, latencyNanos, 0, false, kind, 0, 0, owner.activeUsers());
    }
  }

  /**
   * Takes what was recorded since the last call and starts a new interval. The count of successes
   * is the interval histogram's own, so an interval's count and its histogram always agree (a
   * separate counter, read a moment apart, could put a sample in one interval's histogram and the
   * next one's count).
   */
  synchronized OperationSnapshot snapshot() {
    Histogram interval = latency.getIntervalHistogram(recycled);
    Histogram copy = interval.copy();
    recycled = interval;
    Map<String, Long> kinds = new TreeMap<>();
    errorKinds.forEach(
        (kind, adder) -> {
          long n = adder.sumThenReset();
          if (n > 0) {
            kinds.put(kind, n);
          }
        });
    long failed = errors.sumThenReset();
    return new OperationSnapshot(
        name,
        copy,
        copy.getTotalCount() + failed,
        failed,
        bytesSent.sumThenReset(),
        bytesReceived.sumThenReset(),
        kinds);
  }

  private static long clamp(long nanos) {
    if (nanos < 0) {
      return 0;
    }
    return Math.min(nanos, HIGHEST_TRACKABLE_NANOS);
  }
}
