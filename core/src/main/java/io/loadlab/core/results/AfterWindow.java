package io.loadlab.core.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The intervals after a measured window: once a phase's window ends, the users stop, and the short
 * stretch until the next phase (or the run's end) is kept as an interval flagged {@code warmup},
 * out of the totals. It is no warmup: it follows measured intervals of its phase, and its rate,
 * over a fraction of an interval while the users stop, is no measured point. Charts of rate and
 * latency over time leave it out, or it would draw a false dip at the end of every window.
 *
 * <p>Told from the intervals alone (an unmeasured interval after a measured one of the same phase),
 * so results written before this class are drawn the same way.
 */
public final class AfterWindow {
  private AfterWindow() {}

  /** Whether each interval of a run (in order) comes after its phase's measured window. */
  public static boolean[] flags(List<IntervalSample> intervals) {
    boolean[] after = new boolean[intervals.size()];
    Tracker t = new Tracker();
    for (int i = 0; i < after.length; i++) {
      IntervalSample s = intervals.get(i);
      after[i] = t.next(s.phase(), s.warmup());
    }
    return after;
  }

  /**
   * The intervals without those after a measured window, nor unmeasured slivers (a warmup's last
   * few milliseconds before its window starts: under a fifth of the run's usual interval, whose
   * rate over so short a time is noise, e.g. 81 operations in 0.5 ms drawn as 168,000 ops/s): what
   * the charts draw.
   */
  public static List<IntervalSample> drop(List<IntervalSample> intervals) {
    boolean[] after = flags(intervals);
    long usual = usualLengthMs(intervals);
    List<IntervalSample> kept = new ArrayList<>(intervals.size());
    for (int i = 0; i < after.length; i++) {
      IntervalSample s = intervals.get(i);
      boolean sliver = s.warmup() && usual > 0 && 5 * (s.endEpochMs() - s.startEpochMs()) < usual;
      if (!after[i] && !sliver) {
        kept.add(s);
      }
    }
    return kept.size() == intervals.size() ? intervals : kept;
  }

  /** The median length of a run's measured intervals, 0 without any. */
  private static long usualLengthMs(List<IntervalSample> intervals) {
    long[] lengths =
        intervals.stream()
            .filter(s -> !s.warmup())
            .mapToLong(s -> s.endEpochMs() - s.startEpochMs())
            .sorted()
            .toArray();
    return lengths.length == 0 ? 0 : lengths[lengths.length / 2];
  }

  /**
   * Tells interval by interval, as they arrive (the live page), whether each comes after its
   * phase's measured window. Not thread-safe.
   */
  public static final class Tracker {
    private String phase;
    private boolean started;
    private boolean measured;

    /** The next interval's phase and flag: true if it comes after its phase's measured window. */
    public boolean next(String intervalPhase, boolean warmup) {
      if (!started || !Objects.equals(phase, intervalPhase)) {
        started = true;
        phase = intervalPhase;
        measured = false;
      }
      if (!warmup) {
        measured = true;
        return false;
      }
      return measured;
    }
  }
}
