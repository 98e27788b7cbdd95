package io.loadlab.core.monitor;

import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges from the load generator's figures over the measured window whether it was itself the
 * limit, so that its figures may describe the client rather than the system under test. The
 * thresholds are here and in docs/results-format.md#load-generator.
 */
public final class Saturation {
  /** The warning's kind. */
  public static final String KIND = "generator-saturated";

  /** Process CPU, as a share of the CPUs it may use, at or above which it is saturated. */
  public static final double PROCESS_CPU_PERCENT = 90;

  /** Busy time of the CPUs it may use (anyone's) at or above which the host left it no room. */
  public static final double HOST_CPU_PERCENT = 95;

  /** A stall or garbage-collection pause at least this long distorts latency by itself. */
  public static final double LONGEST_PAUSE_MS = 100;

  /** Garbage-collection pauses taking at least this share of the window distort rates. */
  public static final double PAUSE_SHARE_PERCENT = 5;

  /** Shorter measured windows are not judged: start-up and one pause dominate them. */
  public static final double MIN_WINDOW_SECONDS = 2;

  private Saturation() {}

  /**
   * The warnings the figures call for: none, or one {@code generator-saturated} naming them.
   *
   * @param g the measured window's figures, or {@code null}
   * @param hostCpus how many CPUs the host CPU figure is of, or {@code null}
   */
  static List<Warning> judge(GeneratorLoad g, Integer hostCpus) {
    if (g == null || g.seconds() < MIN_WINDOW_SECONDS) {
      return List.of();
    }
    Double gcShare = g.gcPauseMs() == null ? null : g.gcPauseMs() / 10 / g.seconds();
    boolean host = atLeast(g.hostCpuPercent(), HOST_CPU_PERCENT);
    boolean process = atLeast(g.processCpuPercent(), PROCESS_CPU_PERCENT);
    boolean stall = atLeast(g.stallMaxMs(), LONGEST_PAUSE_MS);
    boolean gc = atLeast(g.gcPauseMaxMs(), LONGEST_PAUSE_MS);
    boolean share = atLeast(gcShare, PAUSE_SHARE_PERCENT);
    if (!(host || process || stall || gc || share)) {
      return List.of();
    }
    List<String> parts = new ArrayList<>();
    if (g.hostCpuPercent() != null && hostCpus != null) {
      parts.add(
          "host CPU " + percent(g.hostCpuPercent()) + " on the " + cpus(hostCpus) + " it may use");
    }
    if (g.processCpuPercent() != null) {
      parts.add(
          "process CPU "
              + percent(g.processCpuPercent())
              + (parts.isEmpty() ? " of the " + cpus(g.cpus()) + " it may use" : ""));
    }
    if (stall) {
      parts.add("longest stall " + ms(g.stallMaxMs()));
    }
    if (gc) {
      parts.add("longest GC pause " + ms(g.gcPauseMaxMs()));
    }
    if (share) {
      parts.add("GC pauses " + percent(gcShare) + " of the time");
    }
    return List.of(
        new Warning(
            KIND,
            "load generator saturated: "
                + String.join(", ", parts)
                + "; the figures may describe this client rather than the system under test",
            figures(g, hostCpus, gcShare)));
  }

  private static Map<String, Double> figures(GeneratorLoad g, Integer hostCpus, Double gcShare) {
    Map<String, Double> f = new LinkedHashMap<>();
    f.put("seconds", g.seconds());
    f.put("cpus", (double) g.cpus());
    put(f, "hostCpus", hostCpus == null ? null : hostCpus.doubleValue());
    put(f, "hostCpuPercent", g.hostCpuPercent());
    put(f, "processCpuPercent", g.processCpuPercent());
    put(f, "loadAverage", g.loadAverage());
    put(f, "stallMaxMs", g.stallMaxMs());
    put(f, "stallP99Ms", g.stallP99Ms());
    put(f, "gcPauseMs", g.gcPauseMs());
    put(f, "gcPauseMaxMs", g.gcPauseMaxMs());
    put(f, "gcPausePercent", gcShare == null ? null : Math.round(gcShare * 100) / 100.0);
    return f;
  }

  private static void put(Map<String, Double> f, String name, Double v) {
    if (v != null) {
      f.put(name, v);
    }
  }

  private static boolean atLeast(Double v, double threshold) {
    return v != null && v >= threshold;
  }

  private static String percent(double v) {
    return String.format(Locale.ROOT, "%.0f%%", v);
  }

  private static String ms(double v) {
    return String.format(Locale.ROOT, "%.0f ms", v);
  }

  private static String cpus(int n) {
    return n + (n == 1 ? " CPU" : " CPUs");
  }
}
