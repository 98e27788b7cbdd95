package io.loadlab.core.record;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Records the outcomes of one named operation (such as {@code rr} or {@code purchase}) from any
 * number of threads. Latency goes into an HdrHistogram in nanoseconds; counts and bytes into
 * adders; each into the interval the operation completed in ({@link Recorder#schedule}). Recording
 * never blocks and allocates nothing unless a {@link SampleListener} is set (or an interval's
 * histogram is first used).
 */
public final class OperationRecorder {
  /** Latencies up to one hour are recorded exactly to three significant digits. */
  static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);

  private final String name;
  private final Recorder owner;

  /** One per interval kept apart ({@link Recorder#SLOTS}), made on first use. */
  private final AtomicReferenceArray<Slot> slots = new AtomicReferenceArray<>(Recorder.SLOTS);

  /**
   * The last interval histograms handed out by {@link #snapshot} and not yet given back, with the
   * slot whose recorder made them (only that one takes them back); the oldest are forgotten, so a
   * histogram never given back is left to the garbage collector. Guarded by this.
   */
  private final ArrayDeque<HandedOut> handedOut = new ArrayDeque<>(MAX_HANDED_OUT);

  private static final int MAX_HANDED_OUT = 4 * Recorder.SLOTS;

  private record HandedOut(Histogram histogram, Slot slot) {}

  /**
   * Spare histograms kept per slot: one being read while the next interval is cut, and one more.
   */
  private static final int MAX_SPARE = 2;

  /** What one interval of the operation gathers. */
  private static final class Slot {
    final org.HdrHistogram.Recorder latency =
        new org.HdrHistogram.Recorder(HIGHEST_TRACKABLE_NANOS, 3);
    final LongAdder errors = new LongAdder();
    final LongAdder bytesSent = new LongAdder();
    final LongAdder bytesReceived = new LongAdder();
    final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();

    /**
     * Interval histograms given back ({@link #giveBack}) once nobody reads them, for the next
     * snapshots: a snapshot hands out the recorder's own interval histogram instead of a copy, so
     * an interval costs no new 256 KB counts array and no walk to copy it. Guarded by the
     * operation.
     */
    final ArrayDeque<Histogram> spare = new ArrayDeque<>(MAX_SPARE);
  }

  OperationRecorder(String name, Recorder owner) {
    this.name = name;
    this.owner = owner;
  }

  /** The operation's name, as it appears in results. */
  public String name() {
    return name;
  }

  private Slot slot(int i) {
    Slot s = slots.get(i);
    if (s == null) {
      slots.compareAndSet(i, null, new Slot());
      s = slots.get(i);
    }
    return s;
  }

  /** The slot of the interval an operation completing now falls in. */
  private Slot now() {
    return slot(owner.slotAt(System.nanoTime()));
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
    Slot s = now();
    s.latency.recordValue(clamp(latencyNanos));
    s.bytesSent.add(sent);
    s.bytesReceived.add(received);
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
    Slot s = now();
    s.errors.increment();
    s.errorKinds.computeIfAbsent(kind, k -> new LongAdder()).increment();
    SampleListener listener = owner.sampleListener();
    if (listener != null) {
      listener.onSample(name, latencyNanos, 0, false, kind, 0, 0, owner.activeUsers());
    }
  }

  /**
   * Takes what was recorded into slot {@code i} since it was last read. The count of successes is
   * the interval histogram's own, so an interval's count and its histogram always agree (a separate
   * counter, read a moment apart, could put a sample in one interval's histogram and the next one's
   * count). The snapshot's histogram is its own until it is given back.
   */
  synchronized OperationSnapshot snapshot(int i) {
    Slot slot = slot(i);
    // Null if none was given back: the recorder then makes a new one.
    Histogram interval = slot.latency.getIntervalHistogram(slot.spare.poll());
    if (handedOut.size() == MAX_HANDED_OUT) {
      handedOut.removeFirst();
    }
    handedOut.addLast(new HandedOut(interval, slot));
    Map<String, Long> kinds = new TreeMap<>();
    slot.errorKinds.forEach(
        (kind, adder) -> {
          long n = adder.sumThenReset();
          if (n > 0) {
            kinds.put(kind, n);
          }
        });
    long failed = slot.errors.sumThenReset();
    return new OperationSnapshot(
        name,
        interval,
        interval.getTotalCount() + failed,
        failed,
        slot.bytesSent.sumThenReset(),
        slot.bytesReceived.sumThenReset(),
        kinds);
  }

  /**
   * Takes back the histogram of a snapshot of this operation that nobody reads any more; the next
   * snapshot of its slot clears and reuses it. Giving back the same histogram twice, or one this
   * operation did not hand out, keeps nothing.
   */
  synchronized void giveBack(Histogram h) {
    for (Iterator<HandedOut> it = handedOut.iterator(); it.hasNext(); ) {
      HandedOut out = it.next();
      if (out.histogram() == h) {
        it.remove();
        if (out.slot().spare.size() < MAX_SPARE) {
          out.slot().spare.push(h);
        }
        return;
      }
    }
  }

  private static long clamp(long nanos) {
    if (nanos < 0) {
      return 0;
    }
    return Math.min(nanos, HIGHEST_TRACKABLE_NANOS);
  }
}
