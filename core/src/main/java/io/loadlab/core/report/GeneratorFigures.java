package io.loadlab.core.report;

import io.loadlab.core.report.Table.Cell;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How loaded the load generator itself was over the measured window, as the reports show it: a
 * small table (Markdown and HTML) and its CPU per interval on the timeline.
 */
public final class GeneratorFigures {
  private static final String NOTE =
      "This process (with an in-process server, that too) and the CPUs it may use; a stall is how"
          + " late a thread that sleeps 10 ms woke (safepoints, garbage collection, the scheduler"
          + " giving its CPU to another program).";

  private GeneratorFigures() {}

  /** Figure name to its text, in the reports' order; empty without figures. */
  public static Map<String, String> rows(GeneratorLoad g) {
    Map<String, String> rows = new LinkedHashMap<>();
    if (g == null) {
      return rows;
    }
    String cpus = g.cpus() + (g.cpus() == 1 ? " CPU" : " CPUs");
    if (g.processCpuPercent() != null) {
      rows.put("process CPU", percent(g.processCpuPercent()) + " of the " + cpus + " it may use");
    }
    if (g.hostCpuPercent() != null) {
      rows.put("host CPU", percent(g.hostCpuPercent()) + " busy on the CPUs it may use");
    }
    if (g.loadAverage() != null) {
      rows.put(
          "load average (1 min, at the end)", String.format(Locale.ROOT, "%.2f", g.loadAverage()));
    }
    if (g.gcPauseMs() != null) {
      double max = g.gcPauseMaxMs() == null ? 0 : g.gcPauseMaxMs();
      rows.put(
          "GC pauses",
          g.gcPauseMs() == 0 ? "none" : ms(g.gcPauseMs()) + " in all, longest " + ms(max));
    }
    if (g.stallMaxMs() != null) {
      rows.put(
          "stalls",
          "longest "
              + ms(g.stallMaxMs())
              + (g.stallP99Ms() == null ? "" : ", p99 " + ms(g.stallP99Ms())));
    }
    rows.put("measured", String.format(Locale.ROOT, "%.1f s", g.seconds()));
    return rows;
  }

  /** The {@code ## Load generator} section of summary.md; empty without figures. */
  public static String markdown(RunResult r) {
    Map<String, String> rows = rows(r.generator());
    if (rows.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\n## Load generator\n\n| figure | value |\n|---|---|\n");
    rows.forEach((k, v) -> sb.append("| ").append(k).append(" | ").append(v).append(" |\n"));
    sb.append('\n').append(NOTE).append('\n');
    return sb.toString();
  }

  /** The load generator's section of report.html, after the totals; nothing without figures. */
  public static void html(HtmlPage page, RunResult r) {
    Map<String, String> rows = rows(r.generator());
    if (rows.isEmpty()) {
      return;
    }
    page.heading("Load generator");
    List<List<Cell>> cells = new ArrayList<>();
    rows.forEach((k, v) -> cells.add(List.of(Cell.text(k), Cell.text(v))));
    page.table(new Table("generator", List.of("figure", "value"), cells));
    page.note(NOTE);
  }

  /** The generator's CPU per interval, if measured. */
  static List<Chart> charts(Timeline t) {
    Map<String, java.util.function.ToDoubleFunction<IntervalSample>> lines = new LinkedHashMap<>();
    lines.put(
        "process CPU",
        s -> orNaN(s.generator() == null ? null : s.generator().processCpuPercent()));
    lines.put(
        "host CPU", s -> orNaN(s.generator() == null ? null : s.generator().hostCpuPercent()));
    Chart c =
        t.perInterval(
            "generator-cpu", "Load generator CPU per interval", "% of the CPUs it may use", lines);
    return c.hasData() ? List.of(c) : List.of();
  }

  private static double orNaN(Double v) {
    return v == null ? Double.NaN : v;
  }

  private static String percent(double v) {
    return String.format(Locale.ROOT, "%.0f%%", v);
  }

  private static String ms(double v) {
    return v >= 10 || v == Math.rint(v)
        ? String.format(Locale.ROOT, "%.0f ms", v)
        : String.format(Locale.ROOT, "%.1f ms", v);
  }
}
