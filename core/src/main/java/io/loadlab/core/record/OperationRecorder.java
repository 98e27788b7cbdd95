package io.loadlab.core.record;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

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

  /**
   * Writers record inside its critical section, and read the clock there: once the run flipped it
   * after an interval's end, no operation can be filed into that interval any more.
   */
  private final WriterReaderPhaser phaser = new WriterReaderPhaser();

  /** One per interval kept apart ({@link Recorder#SLOTS}), made on first use. */
  private final AtomicReferenceArray<Slot> slots = new AtomicReferenceArray<>(Recorder.SLOTS);

  /**
   * Interval histograms given back ({@link #giveBack}) once nobody reads them, for the next
   * intervals: a snapshot hands out the interval's own histogram instead of a copy, so an interval
   * costs no new 256 KB counts array and no walk to copy it. Guarded by itself, never by this:
   * writers take from it inside their critical section, which a snapshot (holding this) waits for.
   */
  private final ArrayDeque<Histogram> spare = new ArrayDeque<>(MAX_SPARE);

  /** Spare histograms kept: one being read while the next interval is cut, and one more. */
  private static final int MAX_SPARE = 2;

  /**
   * The last histograms handed out by {@link #snapshot} and not yet given back: only those are
   * taken back; the oldest are forgotten, so one never given back is left to the garbage collector.
   * Guarded by this.
   */
  private final ArrayDeque<Histogram> handedOut = new ArrayDeque<>(MAX_HANDED_OUT);

  private static final int MAX_HANDED_OUT = 8;

  /**
   * What one interval of the operation gathers. Its histogram is made when the interval records its
   * first success and taken out when the interval is read, so only the intervals being written or
   * read hold one.
   */
  private static final class Slot {
    final AtomicReference<Histogram> latency = new AtomicReference<>();
    final LongAdder errors = new LongAdder();
    final LongAdder bytesSent = new LongAdder();
    final LongAdder bytesReceived = new LongAdder();
    final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();
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
    long section = phaser.writerCriticalSectionEnter();
    try {
      Slot s = slot(owner.slotAt(System.nanoTime()));
      histogram(s).recordValue(clamp(latencyNanos));
      s.bytesSent.add(sent);
      s.bytesReceived.add(received);
    } finally {
      phaser.writerCriticalSectionExit(section);
    }
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
    long section = phaser.writerCriticalSectionEnter();
    try {
      Slot s = slot(owner.slotAt(System.nanoTime()));
      s.errors.increment();
      s.errorKinds.computeIfAbsent(kind, k -> new LongAdder()).increment();
    } finally {
      phaser.writerCriticalSectionExit(section);
    }
    SampleListener listener = owner.sampleListener();
    if (listener != null) {
      listener.onSample(name, latencyNanos, 0, false, kind, 0, 0, owner.activeUsers());
    }
  }

  /** Gives slot {@code i} its histogram ahead of its first writer. */
  void prepare(int i) {
    histogram(slot(i));
  }

  /** The slot's histogram, taken from the spares (or made) by its first writer. */
  private Histogram histogram(Slot s) {
    Histogram h = s.latency.get();
    if (h != null) {
      return h;
    }
    Histogram fresh = takeSpare();
    if (s.latency.compareAndSet(null, fresh)) {
      return fresh;
    }
    giveSpare(fresh);
    return s.latency.get();
  }

  private void giveSpare(Histogram h) {
    synchronized (spare) {
      if (spare.size() < MAX_SPARE) {
        spare.push(h);
      }
    }
  }

  private Histogram takeSpare() {
    Histogram h;
    synchronized (spare) {
      h = spare.poll();
    }
    return h != null ? h : new ConcurrentHistogram(HIGHEST_TRACKABLE_NANOS, 3);
  }

  /**
   * Takes what was recorded into slot {@code i}: first it waits until every writer that could still
   * file into it (one inside its critical section) is done. The count of successes is the interval
   * histogram's own, so an interval's count and its histogram always agree. The snapshot's
   * histogram is its own until it is given back.
   */
  synchronized OperationSnapshot snapshot(int i) {
    Slot slot = slot(i);
    // Once its end has passed, the first flip leaves no writer that can still file into the slot;
    // for a recorder whose intervals are not scheduled, the second waits for those that took its
    // histogram just before it was taken out.
    flip();
    Histogram interval = slot.latency.getAndSet(null);
    flip();
    if (interval == null) {
      interval = takeSpare();
    }
    if (handedOut.size() == MAX_HANDED_OUT) {
      handedOut.removeFirst();
    }
    handedOut.addLast(interval);
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

  private void flip() {
    phaser.readerLock();
    try {
      phaser.flipPhase();
    } finally {
      phaser.readerUnlock();
    }
  }

  /**
   * Takes back the histogram of a snapshot of this operation that nobody reads any more; a later
   * interval clears and reuses it. Giving back the same histogram twice, or one this operation did
   * not hand out, keeps nothing.
   */
  synchronized void giveBack(Histogram h) {
    for (Iterator<Histogram> it = handedOut.iterator(); it.hasNext(); ) {
      if (it.next() == h) {
        it.remove();
        h.reset();
        giveSpare(h);
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
