package io.loadlab.core.export;

import io.loadlab.core.report.Chart;
import io.loadlab.core.report.FigureNotes;
import io.loadlab.core.report.GeneratorFigures;
import io.loadlab.core.report.RunReport;
import io.loadlab.core.report.RunWarnings;
import io.loadlab.core.report.SvgCharts;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.Problem;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.util.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Markdown summary of a finished run: what ran where, the totals table, workload figures and
 * problems, and static SVG charts (rate and p99 over time, errors, the latency spectrum) drawn by
 * {@link SvgCharts}.
 */
public final class MarkdownExporter implements ResultSink {
  private final Path file;

  public MarkdownExporter(Path file) {
    this.file = file;
  }

  @Override
  public void end(RunResult result) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Map<String, String> charts = new LinkedHashMap<>();
    for (Chart chart : new RunReport(result, Map.of()).charts()) {
      if (!MARKDOWN_CHARTS.contains(chart.id())) {
        continue;
      }
      String name = baseName() + "-" + chart.id() + ".svg";
      AtomicFiles.writeIfChanged(dir.resolve(name), SvgCharts.svg(chart));
      charts.put(name, chart.title());
    }
    AtomicFiles.write(file, render(result, charts));
  }

  /** The charts the Markdown shows (report.html shows them all). */
  private static final java.util.Set<String> MARKDOWN_CHARTS =
      java.util.Set.of("rate", "latency-p99", "errors", "spectrum");

  @Override
  public void begin(RunInfo info, long startEpochMs) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
  }

  @Override
  public String target() {
    return file.toString();
  }

  private String baseName() {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  /** Renders the summary; {@code charts} (file name to title) are shown as images. */
  public static String render(RunResult r, Map<String, String> charts) {
    StringBuilder sb = new StringBuilder();
    sb.append("# loadlab ").append(r.workload());
    if (r.label() != null) {
      sb.append(": ").append(r.label());
    }
    sb.append("\n\n");
    sb.append("- status: **").append(r.status().jsonName()).append("**");
    if (r.statusReason() != null) {
      sb.append(" (").append(r.statusReason()).append(')');
    }
    sb.append('\n');
    sb.append("- from ").append(r.startTime()).append(" to ").append(r.endTime()).append('\n');
    EnvironmentInfo e = r.environment();
    if (e != null) {
      sb.append("- host `")
          .append(e.hostName())
          .append("`: ")
          .append(e.cores())
          .append(" cores, ")
          .append(e.memoryBytes() / (1L << 20))
          .append(" MiB, ")
          .append(e.os())
          .append(' ')
          .append(e.osVersion())
          .append(", Java ")
          .append(e.jvmVersion())
          .append(e.jit() == null ? "" : " (JIT: " + e.jit() + ")")
          .append('\n');
    }
    if (r.testbed() != null && !r.testbed().isEmpty()) {
      sb.append("- testbed: ").append(r.testbed()).append('\n');
    }
    if (r.commandLine() != null) {
      sb.append("- command: `").append(r.commandLine()).append("`\n");
    }
    sb.append("- loadlab ").append(r.toolVersion()).append("\n\n## Totals\n\n");
    sb.append(RunWarnings.markdown(r));
    sb.append(SummaryTable.markdown(SummaryTable.header(r), SummaryTable.rows(r)));
    sb.append("\nLatency is of successful operations; CPU is client/host/server per ")
        .append(FigureNotes.cpuPerMB(r) ? "MB moved" : "operation")
        .append(".\n");
    sb.append(CriteriaText.markdown(r));
    sb.append(GeneratorFigures.markdown(r));
    if (r.figures() != null && !r.figures().isEmpty()) {
      sb.append("\n## Figures\n\n");
      for (Map.Entry<String, Double> f : r.figures().entrySet()) {
        sb.append("- ")
            .append(f.getKey())
            .append(": ")
            .append(io.loadlab.core.util.Numbers.format(f.getValue()))
            .append('\n');
      }
    }
    FigureNotes.Notes notes = FigureNotes.of(r);
    if (!notes.isEmpty()) {
      sb.append('\n');
      notes.lines().forEach(line -> sb.append("- ").append(line).append('\n'));
      notes.why().forEach(line -> sb.append('\n').append(line).append('\n'));
    }
    List<String> rates = RateCheckText.lines(r);
    if (!rates.isEmpty()) {
      sb.append("\n## Target rate\n\n");
      rates.forEach(line -> sb.append("- ").append(line).append('\n'));
    }
    if (r.problems() != null && !r.problems().isEmpty()) {
      sb.append("\n## Problems\n\n");
      for (Problem p : r.problems()) {
        sb.append("- ")
            .append(p.kind())
            .append(" x")
            .append(p.count())
            .append(": ")
            .append(p.message())
            .append('\n');
      }
    }
    if (!charts.isEmpty()) {
      sb.append("\n## Charts\n\n");
      charts.forEach(
          (f, title) -> sb.append("![").append(title).append("](").append(f).append(")\n\n"));
      sb.append("All charts, interactive: `report.html` in the run's directory.\n");
    }
    return sb.toString();
  }
}
