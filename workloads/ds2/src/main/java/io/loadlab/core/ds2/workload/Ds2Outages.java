package io.loadlab.core.ds2.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The connections a DS2 run lost, per target, summed up in one line that says only what happened:
 * how many were reopened and after how long, and how many never were, down from their last answer
 * until the end of the run. The line is the run's {@code connection lost} problem, so the console,
 * {@code result.json} and every report say the same.
 *
 * <p>For example {@code connection to ds2: 4 lost and reopened after 0.4-0.6 s; 4 never reopened,
 * down 12.3 s until the end (last error: Connection refused)}.
 */
final class Ds2Outages {
  /** The problem kind the line is recorded under. */
  static final String KIND = "connection lost";

  /** One target's outages: seconds to reopen or to open at all, and when the unrecovered began. */
  private static final class Target {
    final List<Double> reopened = new ArrayList<>();
    final List<Double> opened = new ArrayList<>();
    final List<Long> downSince = new ArrayList<>();
    final List<Long> neverOpenedSince = new ArrayList<>();
    String lastError;
  }

  private final Map<String, Target> targets = new LinkedHashMap<>();

  /** A connection was reopened after {@code seconds} ({@code wasLost}), or opened after retries. */
  synchronized void reopened(String target, double seconds, boolean wasLost) {
    Target t = of(target);
    (wasLost ? t.reopened : t.opened).add(seconds);
  }

  /**
   * A connection could not be reopened ({@code wasLost}) or opened before the run ended; it was
   * down since {@code sinceNanos} ({@link System#nanoTime()}), with {@code error} the last
   * attempt's, or null.
   */
  synchronized void neverReopened(String target, long sinceNanos, boolean wasLost, String error) {
    Target t = of(target);
    (wasLost ? t.downSince : t.neverOpenedSince).add(sinceNanos);
    if (error != null && !error.isBlank()) {
      t.lastError = error;
    }
  }

  /** How many connections were lost or failed to open, reopened or not. */
  synchronized long count() {
    long n = 0;
    for (Target t : targets.values()) {
      n += t.reopened.size() + t.opened.size() + t.downSince.size() + t.neverOpenedSince.size();
    }
    return n;
  }

  /**
   * The line, with the unrecovered ones down until {@code endNanos} (the run's end); null if no
   * connection was lost.
   */
  synchronized String summary(long endNanos) {
    List<String> lines = new ArrayList<>();
    targets.forEach((name, t) -> lines.add(line(name, t, endNanos)));
    return lines.isEmpty() ? null : String.join("; ", lines);
  }

  /**
   * The longest single outage, in seconds: a connection's time to reopen or open, or its time down
   * until {@code endNanos} if it never came back; 0 if none.
   */
  synchronized double longestSeconds(long endNanos) {
    double most = 0;
    for (Target t : targets.values()) {
      for (List<Double> l : List.of(t.reopened, t.opened)) {
        for (double v : l) {
          most = Math.max(most, v);
        }
      }
      for (List<Long> l : List.of(t.downSince, t.neverOpenedSince)) {
        for (long since : l) {
          most = Math.max(most, Math.max(0, endNanos - since) / 1e9);
        }
      }
    }
    return most;
  }

  /**
   * The run's status reason for an outage longer than a tenth of the run ({@code runSeconds}), or
   * null: {@code the database was unreachable for 43.2 s (72% of the run): connection to …}.
   */
  synchronized String longOutage(long endNanos, double runSeconds) {
    double longest = longestSeconds(endNanos);
    if (!(runSeconds > 0) || longest <= runSeconds / 10) {
      return null;
    }
    return String.format(
            Locale.ROOT,
            "the database was unreachable for %.1f s (%.0f%% of the run): ",
            longest,
            Math.min(100, 100 * longest / runSeconds))
        + summary(endNanos);
  }

  private static String line(String name, Target t, long endNanos) {
    int events =
        t.reopened.size() + t.opened.size() + t.downSince.size() + t.neverOpenedSince.size();
    if (events == 1 && t.reopened.size() == 1) {
      return "connection to " + name + " lost and reopened after " + seconds(t.reopened);
    }
    if (events == 1 && t.opened.size() == 1) {
      return "connection to " + name + " opened after " + seconds(t.opened);
    }
    List<String> parts = new ArrayList<>();
    if (!t.reopened.isEmpty()) {
      parts.add(t.reopened.size() + " lost and reopened after " + seconds(t.reopened));
    }
    if (!t.opened.isEmpty()) {
      parts.add(t.opened.size() + " opened after " + seconds(t.opened) + " of retries");
    }
    never(parts, "never reopened", t.downSince, endNanos);
    never(parts, "never opened", t.neverOpenedSince, endNanos);
    if (t.lastError != null && parts.size() > 0) {
      parts.set(
          parts.size() - 1, parts.get(parts.size() - 1) + " (last error: " + t.lastError + ")");
    }
    return "connection to " + name + ": " + String.join("; ", parts);
  }

  /** Adds {@code 4 never reopened, down 12.3 s until the end} if there are any. */
  private static void never(List<String> parts, String what, List<Long> since, long endNanos) {
    if (since.isEmpty()) {
      return;
    }
    List<Double> down = new ArrayList<>();
    since.forEach(s -> down.add(Math.max(0, endNanos - s) / 1e9));
    parts.add(since.size() + " " + what + ", down " + seconds(down) + " until the end");
  }

  /** {@code 0.5 s}, or the range {@code 0.4-0.6 s} where they differ at one decimal. */
  static String seconds(List<Double> values) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    String lo = String.format(Locale.ROOT, "%.1f", min);
    String hi = String.format(Locale.ROOT, "%.1f", max);
    return (lo.equals(hi) ? lo : lo + "-" + hi) + " s";
  }

  private Target of(String name) {
    return targets.computeIfAbsent(name, k -> new Target());
  }
}
