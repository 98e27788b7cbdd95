package io.loadlab.core.report;

import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.Workloads;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Readable names for figure keys in reports: {@code p50Us} reads {@code p50 (µs)}, {@code
 * cpuUsPerOp} {@code CPU per operation (µs)}, {@code opm} {@code orders per minute}, with the unit
 * said once; figures easily confused say what they are ({@code netperfLatencyUs} {@code netperf
 * latency (users ÷ rate, µs)} beside {@code meanUs} {@code mean latency (measured, µs)}). Keys in
 * result and campaign files stay as they are; only what a person reads changes. Unknown camelCase
 * keys get a generic label ({@code …Us} → {@code (µs)}, {@code …PerSec} → {@code /s}, {@code …Pct}
 * → {@code (%)}); a point after the key ({@code transfersPerSec size=64}) is kept, and so is
 * anything else (already words). A workload labels the figures only it records ({@code opm}, {@code
 * transfersPerSec}) in its descriptor ({@link Workload#figureLabels()}).
 */
public final class FigureLabels {
  private static final Map<String, String> KNOWN =
      Map.ofEntries(
          Map.entry("p50Us", "p50 (µs)"),
          Map.entry("p90Us", "p90 (µs)"),
          Map.entry("p99Us", "p99 (µs)"),
          Map.entry("p999Us", "p99.9 (µs)"),
          Map.entry("p9999Us", "p99.99 (µs)"),
          Map.entry("meanUs", "mean latency (measured, µs)"),
          Map.entry("maxUs", "max (µs)"),
          Map.entry("minUs", "min (µs)"),
          Map.entry("latencyUs", "latency (µs)"),
          Map.entry("cpuUsPerOp", "CPU per operation (µs)"),
          Map.entry("hostUsPerOp", "host CPU per operation (µs)"),
          Map.entry("clientUsPerOp", "client CPU per operation (µs)"),
          Map.entry("serverUsPerOp", "server CPU per operation (µs)"),
          Map.entry("cpuUsPerMB", "client host CPU per MB (µs)"),
          Map.entry("cpuClientUsPerOp", "client process CPU per operation (µs)"),
          Map.entry("cpuServerUsPerOp", "server process CPU per operation (µs)"),
          Map.entry("cpuProcessUsPerOp", "client + server process CPU per operation (µs)"),
          Map.entry("cpuProcessUsPerMB", "client + server process CPU per MB (µs)"),
          Map.entry("guestCpuUsPerOp", "guests' own CPU per operation (µs)"),
          Map.entry("hostDomainCpuUsPerOp", "host CPU of the guests' domains per operation (µs)"),
          Map.entry("hypervisorCpuUsPerOp", "hypervisor CPU per operation (µs)"),
          Map.entry("hostVcpuCpuUsPerOp", "host CPU in the guests' vCPUs per operation (µs)"),
          Map.entry("rate", "rate (ops/s)"),
          Map.entry("ratePerSec", "rate (ops/s)"),
          Map.entry("count", "operations"),
          Map.entry("bytesPerSec", "bytes/s"),
          Map.entry("mbPerSec", "MB/s"));

  private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*");
  private static final Pattern WORD = Pattern.compile("[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])");

  private FigureLabels() {}

  /**
   * The labels of every figure: core's own, then the workloads' ({@link Workload#figureLabels}).
   */
  private static final class Known {
    private static final Map<String, String> ALL = all();

    private static Map<String, String> all() {
      Map<String, String> all = new HashMap<>(KNOWN);
      Workloads.installed()
          .figureLabels()
          .forEach(
              (key, label) -> {
                if (all.putIfAbsent(key, label) != null) {
                  throw new IllegalStateException("figure '" + key + "' labelled by core already");
                }
              });
      return Map.copyOf(all);
    }
  }

  private static String known(String key) {
    return Known.ALL.get(key);
  }

  private static int space(String key) {
    return key.indexOf(' ');
  }

  /**
   * True if {@code key} has a label of its own rather than one made from its suffix: a known key,
   * one at a point or of a named operation whose figure is known, or a name already in words
   * ({@code loss %}, {@code sent MB/s}).
   */
  public static boolean labelled(String key) {
    if (key == null || key.isEmpty()) {
      return false;
    }
    if (known(key) != null) {
      return true;
    }
    int dot = key.lastIndexOf('.');
    if (dot > 0 && space(key) < 0) {
      return labelled(key.substring(dot + 1));
    }
    if (space(key) > 0 && KEY.matcher(key.substring(0, space(key))).matches()) {
      return labelled(key.substring(0, space(key)));
    }
    return !KEY.matcher(key).matches() || words(key).equals(key);
  }

  /** The label of a figure key, such as {@code p50 (µs)} for {@code p50Us}. */
  public static String of(String key) {
    if (key == null || key.isEmpty()) {
      return key;
    }
    String known = known(key);
    if (known != null) {
      return known;
    }
    int dot = key.lastIndexOf('.');
    if (dot > 0 && space(key) < 0) { // a named operation's figure, such as "transit.meanUs"
      return of(key.substring(dot + 1)) + ", " + key.substring(0, dot);
    }
    int space = key.indexOf(' ');
    if (space > 0) { // a figure at a point, such as "transfersPerSec size=64"
      return of(key.substring(0, space)) + key.substring(space);
    }
    if (!KEY.matcher(key).matches()) {
      return key; // already words, such as "MB/s"
    }
    String unit = "";
    String stem = key;
    if (stem.endsWith("UsPerOp")) {
      stem = stem.substring(0, stem.length() - 7);
      unit = " CPU per operation (µs)";
    } else if (stem.endsWith("UsPerMB")) {
      stem = stem.substring(0, stem.length() - 7);
      unit = " CPU per MB (µs)";
    } else if (stem.endsWith("PerSec")) {
      stem = stem.substring(0, stem.length() - 6);
      unit = "/s";
    } else if (stem.endsWith("Pct")) {
      stem = stem.substring(0, stem.length() - 3);
      unit = " (%)";
    } else if (stem.endsWith("Us")) {
      stem = stem.substring(0, stem.length() - 2);
      unit = " (µs)";
    } else if (stem.endsWith("Ms")) {
      stem = stem.substring(0, stem.length() - 2);
      unit = " (ms)";
    }
    return (stem.isEmpty() ? key : words(stem)) + unit;
  }

  private static String words(String camel) {
    StringBuilder sb = new StringBuilder();
    Matcher m = WORD.matcher(camel);
    while (m.find()) {
      String w = m.group();
      if (sb.length() > 0) {
        sb.append(' ');
      }
      // Acronyms (CPU, MB) stay upper case; ordinary words are lower-cased.
      sb.append(w.length() > 1 && w.equals(w.toUpperCase(Locale.ROOT)) ? w : lower(w));
    }
    return sb.toString();
  }

  private static String lower(String w) {
    return w.toLowerCase(Locale.ROOT);
  }
}
