package io.loadlab.core.record;

import java.util.ArrayDeque;
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

  /**
   * Interval histograms given back ({@link #giveBack}) once nobody reads them, for the next
   * snapshots: a snapshot hands out the recorder's own interval histogram instead of a copy, so an
   * interval costs no new 256 KB counts array and no walk to copy it. Guarded by this.
   */
  private final ArrayDeque<Histogram> spare = new ArrayDeque<>(MAX_SPARE);

  /** Spare histograms kept: one being read while the next interval is cut, and one more. */
  private static final int MAX_SPARE = 2;

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
   * next one's count). The snapshot's histogram is its own until it is given back.
   */
  synchronized OperationSnapshot snapshot() {
    Histogram interval;
    try {
      // Null if none was given back: the recorder then makes a new one.
      interval = latency.getIntervalHistogram(spare.poll());
    } catch (IllegalArgumentException notFromThisRecorder) {
      // Given back by mistake (another recorder's operation of the same name): checked before the
      // recorder changes anything, so a new histogram takes its place.
      interval = latency.getIntervalHistogram();
    }
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
        interval,
        interval.getTotalCount() + failed,
        failed,
        bytesSent.sumThenReset(),
        bytesReceived.sumThenReset(),
        kinds);
  }

  /**
   * Takes back the histogram of a snapshot of this operation that nobody reads any more; the next
   * snapshot clears and reuses it. Giving back the same histogram twice keeps it once.
   */
  synchronized void giveBack(Histogram h) {
    for (Histogram kept : spare) {
      if (kept == h) {
        return;
      }
    }
    if (spare.size() < MAX_SPARE) {
      spare.push(h);
    }
  }

  private static long clamp(long nanos) {
    if (nanos < 0) {
      return 0;
    }
    return Math.min(nanos, HIGHEST_TRACKABLE_NANOS);
  }
}
