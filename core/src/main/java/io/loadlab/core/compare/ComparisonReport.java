package io.loadlab.core.compare;

import io.loadlab.core.compare.RunComparison.Metric;
import io.loadlab.core.compare.RunComparison.Row;
import io.loadlab.core.compare.RunComparison.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a comparison: {@code comparison.md} (the runs, then one table per metric with each run's
 * ratio to the first) and a bar chart per metric ({@code rate.svg}, {@code latency-p50.svg}, {@code
 * latency-p99.svg}) that the Markdown shows.
 */
public final class ComparisonReport {
  /** The Markdown file's name. */
  public static final String MARKDOWN_NAME = "comparison.md";

  private ComparisonReport() {}

  /** Writes the report into {@code dir} and returns the Markdown. */
  public static String write(RunComparison c, Path dir) throws IOException {
    Files.createDirectories(dir);
    StringBuilder md = new StringBuilder("# loadlab comparison\n\n");
    if (c.workloads().size() > 1) {
      md.append("**Note: the runs are of different workloads (")
          .append(String.join(", ", c.workloads()))
          .append(").**\n\n");
    }
    md.append("| run | workload | label | testbed | started | status | host |\n");
    md.append("| --- | --- | --- | --- | --- | --- | --- |\n");
    for (Run r : c.runs()) {
      var res = r.result();
      Object mode = res.testbed() == null ? null : res.testbed().get("mode");
      md.append("| ")
          .append(cell(r.name()))
          .append(" | ")
          .append(cell(res.workload()))
          .append(" | ")
          .append(cell(res.label()))
          .append(" | ")
          .append(cell(mode == null ? null : mode.toString()))
          .append(" | ")
          .append(cell(res.startTime()))
          .append(" | ")
          .append(res.status() == null ? "" : res.status().name().toLowerCase(Locale.ROOT))
          .append(" | ")
          .append(cell(res.environment() == null ? null : res.environment().hostName()))
          .append(" |\n");
    }
    for (Metric m : Metric.values()) {
      String chart = BarChart.of(c, m);
      if (chart == null) {
        continue;
      }
      String file = chartName(m);
      Files.writeString(dir.resolve(file), chart);
      md.append("\n## ").append(capitalised(m.title)).append("\n\n");
      table(md, c, m);
      md.append("\n![").append(m.title).append("](").append(file).append(")\n");
    }
    md.append("\nRatios are each run over the first (")
        .append(cell(c.runs().get(0).name()))
        .append("); for latency lower is better, for rate higher.\n");
    String text = md.toString();
    Files.writeString(dir.resolve(MARKDOWN_NAME), text);
    return text;
  }

  static String chartName(Metric m) {
    return switch (m) {
      case RATE -> "rate.svg";
      case P50 -> "latency-p50.svg";
      case P99 -> "latency-p99.svg";
    };
  }

  private static void table(StringBuilder md, RunComparison c, Metric m) {
    md.append("| operation |");
    c.runs().forEach(r -> md.append(' ').append(cell(r.name())).append(" |"));
    for (int i = 1; i < c.runs().size(); i++) {
      md.append(' ')
          .append(cell(c.runs().get(i).name()))
          .append(" / ")
          .append(cell(c.runs().get(0).name()))
          .append(" |");
    }
    md.append("\n| --- |");
    md.append(" ---: |".repeat(2 * c.runs().size() - 1));
    md.append('\n');
    for (Row row : c.rows()) {
      md.append("| ").append(cell(row.operation())).append(" |");
      for (int i = 0; i < c.runs().size(); i++) {
        md.append(' ').append(number(m.of(row.stats().get(i)))).append(" |");
      }
      for (int i = 1; i < c.runs().size(); i++) {
        double r = RunComparison.ratio(row, i, m);
        md.append(' ')
            .append(Double.isNaN(r) ? "–" : String.format(Locale.ROOT, "%.2f×", r))
            .append(" |");
      }
      md.append('\n');
    }
  }

  private static String number(double v) {
    if (Double.isNaN(v)) {
      return "–";
    }
    return v >= 100
        ? String.format(Locale.ROOT, "%,.0f", v)
        : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String cell(String s) {
    return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
  }

  private static String capitalised(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
