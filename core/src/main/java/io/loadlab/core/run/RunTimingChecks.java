package io.loadlab.core.run;

import io.loadlab.core.record.UserFairness;
import io.loadlab.core.results.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a run kept its time and shared it fairly among its users: each measured window against
 * the one asked for, and each point's users' fairness figures with whether any user was starved.
 * Neither fails a run (a slow but honest run is no failure): each says what it measured, in a
 * warning, and a starved user in the status reason too. The thresholds are here and in
 * docs/results-format.md.
 */
final class RunTimingChecks {
  /** The warning's kind when a measured window is not the one asked for. */
  static final String WINDOW_KIND = "window-not-held";

  /** The warning's kind when a user was starved. */
  static final String STARVED_KIND = "user-starved";

  /** A window within this share of the one asked for, or {@link #WINDOW_SLACK_SECONDS}, holds. */
  static final double WINDOW_SHARE = 0.02;

  static final double WINDOW_SLACK_SECONDS = 0.1;

  /** A user that waited (or went without completing anything) longer than this is starved... */
  static final double STARVED_MIN_MS = 1_000;

  /** ...or than this many times the median latency, whichever is longer. */
  static final double STARVED_MEDIANS = 10;

  private final List<String> windows = new ArrayList<>();
  private final Map<String, Double> windowFigures = new LinkedHashMap<>();
  private final Map<String, Double> fairnessFigures = new LinkedHashMap<>();
  private final List<String> starved = new ArrayList<>();
  private final Map<String, Double> starvedFigures = new LinkedHashMap<>();

  /** Checks a phase's measured window against the one asked for. */
  void window(String phase, double askedSeconds, double measuredSeconds) {
    double slack = Math.max(WINDOW_SHARE * askedSeconds, WINDOW_SLACK_SECONDS);
    if (Math.abs(measuredSeconds - askedSeconds) <= slack) {
      return;
    }
    windows.add(
        String.format(
            Locale.ROOT,
            "measured window %.3f s for the %.3f s asked%s",
            measuredSeconds,
            askedSeconds,
            phase == null || "null".equals(phase) ? "" : " (" + phase + ")"));
    windowFigures.putIfAbsent("askedSeconds", askedSeconds);
    windowFigures.putIfAbsent("measuredSeconds", round(measuredSeconds, 3));
  }

  /**
   * Adds a point's fairness figures, named {@code <figure><at>}, and checks it for a starved user.
   *
   * @param medianUs the point's median latency, or {@code null} if it has none
   */
  void fairness(String at, UserFairness.Summary s, Double medianUs) {
    fairnessFigures.put("userTxMin" + at, (double) s.txMin());
    fairnessFigures.put("userTxMedian" + at, s.txMedian());
    fairnessFigures.put("userTxMax" + at, (double) s.txMax());
    fairnessFigures.put("userTxCv" + at, round(s.txCv(), 3));
    fairnessFigures.put("userWaitMaxMs" + at, round(s.waitMaxMs(), 2));
    fairnessFigures.put("userIdleMaxMs" + at, round(s.idleMaxMs(), 2));
    double thresholdMs =
        Math.max(STARVED_MIN_MS, medianUs == null ? 0 : STARVED_MEDIANS * medianUs / 1e3);
    String where = at.isBlank() ? "" : " at" + at;
    if (s.waitMaxMs() > thresholdMs) {
      starved.add(
          "a user waited " + seconds(s.waitMaxMs()) + " to be run" + where + over(thresholdMs));
    } else if (s.idleMaxMs() > thresholdMs) {
      starved.add(
          "a user completed nothing for " + seconds(s.idleMaxMs()) + where + over(thresholdMs));
    } else {
      return;
    }
    starvedFigures.putIfAbsent("thresholdMs", round(thresholdMs, 2));
    starvedFigures.putIfAbsent("userWaitMaxMs", round(s.waitMaxMs(), 2));
    starvedFigures.putIfAbsent("userIdleMaxMs", round(s.idleMaxMs(), 2));
  }

  /** The run's figures with the fairness figures added. */
  Map<String, Double> figures(Map<String, Double> figures) {
    if (fairnessFigures.isEmpty()) {
      return figures;
    }
    Map<String, Double> all = new LinkedHashMap<>(figures);
    all.putAll(fairnessFigures);
    return all;
  }

  /** What the status reason says of starved users, or {@code null} if none was. */
  String starved() {
    return starved.isEmpty() ? null : "user starved: " + String.join("; ", starved);
  }

  /** A warning for windows not held and one for starved users, where there are any. */
  List<Warning> warnings() {
    List<Warning> found = new ArrayList<>(2);
    if (!windows.isEmpty()) {
      found.add(
          new Warning(
              WINDOW_KIND,
              "window not held: "
                  + String.join("; ", windows)
                  + "; the load generator's timekeeping ran late, rates are over the window"
                  + " measured",
              windowFigures));
    }
    if (!starved.isEmpty()) {
      found.add(
          new Warning(
              STARVED_KIND,
              starved()
                  + "; its latency includes its wait to be run on this client, not only the"
                  + " system under test's answer",
              starvedFigures));
    }
    return found;
  }

  private static String over(double thresholdMs) {
    return " (over " + seconds(thresholdMs) + ": 1 s or 10× the median latency)";
  }

  private static String seconds(double ms) {
    return ms >= 1000
        ? String.format(Locale.ROOT, "%.1f s", ms / 1000)
        : String.format(Locale.ROOT, "%.0f ms", ms);
  }

  private static double round(double v, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(v * scale) / scale;
  }
}
