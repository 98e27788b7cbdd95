package io.loadlab.campaign.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.results.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CPU counters of one guest sampled during a run, and what they come to between two instants:
 * the guest's own busy time, read inside it from {@code /proc/stat} and stamped by its own clock,
 * and the host's CPU time for its domain (libvirt), stamped by this machine's. The guest's clock is
 * brought to this machine's by the shortest delay between a guest stamp and the line's arrival
 * here; a value between two samples is interpolated linearly.
 */
final class GuestCpuSamples {
  /** USER_HZ, the unit of {@code /proc/stat}: 100 ticks a second on every mainstream Linux. */
  static final long NANOS_PER_TICK = 10_000_000L;

  /** guest clock ms, arrival here ms, busy ns. */
  private final List<double[]> guest = new ArrayList<>();

  /** this machine's clock ms, domain ns, vCPU threads ns (-1: not reported). */
  private final List<double[]> host = new ArrayList<>();

  private double clockEpochMs = Double.NaN;
  private double clockUptime;

  /**
   * One line of the guest's sampling loop ({@link GuestCpu#LOOP}): {@code clock <epoch ns> <uptime
   * s>} once, then {@code <uptime s> cpu <ticks>...}; other lines are ignored.
   */
  synchronized void guestLine(String line, double arrivalMs) {
    String[] w = line.strip().split("\\s+");
    try {
      if (w.length == 3 && w[0].equals("clock")) {
        clockEpochMs = Long.parseLong(w[1]) / 1e6;
        clockUptime = Double.parseDouble(w[2]);
      } else if (w.length >= 9 && w[1].equals("cpu") && !Double.isNaN(clockEpochMs)) {
        double at = clockEpochMs + (Double.parseDouble(w[0]) - clockUptime) * 1000;
        guest.add(new double[] {at, arrivalMs, busyTicks(w, 2) * (double) NANOS_PER_TICK});
      }
    } catch (NumberFormatException e) {
      // a line cut short as the loop is ended: not a sample
    }
  }

  /**
   * The busy ticks of a {@code cpu} line's fields from {@code first}: all but idle, iowait and
   * steal.
   */
  static long busyTicks(String[] w, int first) {
    long busy = 0;
    // user nice system idle iowait irq softirq steal; guest time is in user and nice already.
    for (int f : new int[] {0, 1, 2, 5, 6}) {
      busy += Long.parseLong(w[first + f]);
    }
    return busy;
  }

  /** One reading of libvirt's counters for the domain, at {@code hostMs} here. */
  synchronized void hostSample(double hostMs, long domainNanos, long vcpuNanos) {
    host.add(new double[] {hostMs, domainNanos, vcpuNanos});
  }

  /**
   * The guest's clock to this machine's ({@code here = guest + offset}): the shortest time from a
   * guest stamp to its line's arrival, or null before the guest sent any sample.
   */
  synchronized Double offsetMs() {
    Double best = null;
    for (double[] s : guest) {
      double d = s[1] - s[0];
      best = best == null || d < best ? d : best;
    }
    return best;
  }

  /**
   * The guest's own busy time from {@code fromMs} to {@code toMs} (this machine's clock), or null.
   */
  synchronized Double guestNanos(double fromMs, double toMs) {
    Double offset = offsetMs();
    if (offset == null) {
      return null;
    }
    List<double[]> here = new ArrayList<>();
    for (double[] s : guest) {
      here.add(new double[] {s[0] + offset, s[2]});
    }
    return delta(here, 1, fromMs, toMs);
  }

  /** The host's CPU time for the domain from {@code fromMs} to {@code toMs}, or null. */
  synchronized Double hostNanos(double fromMs, double toMs) {
    return delta(host, 1, fromMs, toMs);
  }

  /** The domain's vCPU threads' part of {@link #hostNanos}, or null where libvirt gave none. */
  synchronized Double vcpuNanos(double fromMs, double toMs) {
    return host.stream().anyMatch(s -> s[2] < 0) ? null : delta(host, 2, fromMs, toMs);
  }

  /** The samples as CSV lines {@code machine,source,epochMs,nanos}, on this machine's clock. */
  synchronized List<String> csv(String machine) {
    List<String> lines = new ArrayList<>();
    Double offset = offsetMs();
    for (double[] s : guest) {
      lines.add(line(machine, "guest", s[0] + (offset == null ? 0 : offset), s[2]));
    }
    for (double[] s : host) {
      lines.add(line(machine, "domain", s[0], s[1]));
      if (s[2] >= 0) {
        lines.add(line(machine, "vcpus", s[0], s[2]));
      }
    }
    return lines;
  }

  private static String line(String machine, String source, double ms, double nanos) {
    return String.format(Locale.ROOT, "%s,%s,%.1f,%.0f", machine, source, ms, nanos);
  }

  /** A counter's growth from {@code from} to {@code to}, both within the samples, else null. */
  static Double delta(List<double[]> samples, int value, double from, double to) {
    Double a = at(samples, value, from);
    Double b = at(samples, value, to);
    return a == null || b == null ? null : b - a;
  }

  /** A counter at instant {@code t}, interpolated between the samples around it, else null. */
  static Double at(List<double[]> samples, int value, double t) {
    for (int i = 1; i < samples.size(); i++) {
      double[] a = samples.get(i - 1);
      double[] b = samples.get(i);
      if (a[0] <= t && t <= b[0]) {
        return b[0] == a[0]
            ? a[value]
            : a[value] + (b[value] - a[value]) * (t - a[0]) / (b[0] - a[0]);
      }
    }
    return null;
  }

  /**
   * The measured window of a client's run, from its result.json: the start of its first measured
   * interval (not warmup, with operations) to the end of its last, on its machine's clock; null if
   * there is none.
   */
  static double[] window(Path clientDir) throws IOException {
    Path json = clientDir.resolve("result.json");
    if (!Files.exists(json)) {
      return null;
    }
    double start = Double.NaN;
    double end = Double.NaN;
    for (JsonNode i : ResultJson.mapper().readTree(json.toFile()).path("intervals")) {
      // Not a warmup interval, and one with operations (not the start-up before the first phase).
      if (i.path("warmup").asBoolean(false)
          || i.path("operations").isEmpty()
          || !i.path("startEpochMs").isNumber()) {
        continue;
      }
      double s = i.path("startEpochMs").asDouble();
      double e = i.path("endEpochMs").asDouble();
      start = Double.isNaN(start) ? s : Math.min(start, s);
      end = Double.isNaN(end) ? e : Math.max(end, e);
    }
    return Double.isNaN(start) || !(end > start) ? null : new double[] {start, end};
  }
}
