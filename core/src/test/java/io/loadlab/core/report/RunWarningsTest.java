package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.export.ConsoleExporter;
import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.results.Warning;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A saturated generator's warning and figures in the console, summary.md and report.html. */
class RunWarningsTest {
  private static final String MESSAGE =
      "load generator saturated: host CPU 100% on the 1 CPU it may use, process CPU 48%";

  private static RunResult result(List<Warning> warnings) {
    OperationStats op =
        new OperationStats(
            100, 0, 1, 100, 0, 0, 0, new LatencySummary(1, 2, 2, 3, 4, 5, 6, 7), null, null, null);
    List<IntervalSample> intervals = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      intervals.add(
          new IntervalSample(
              i + 1,
              1_000L * i,
              1_000L * (i + 1),
              null,
              false,
              Map.of("rr", op),
              null,
              new GeneratorLoad(1, 1, 40.0 + i, 99.0, 1.2, 0.0, 0.0, 3.0, 1.0)));
    }
    GeneratorLoad g = new GeneratorLoad(3, 1, 41.0, 99.0, 1.25, 4.0, 3.0, 240.0, 12.5);
    return new RunResult(
        "t",
        "net rr",
        null,
        null,
        Map.of(),
        null,
        null,
        "a",
        "b",
        RunStatus.OK,
        null,
        Map.of(),
        Map.of("rr", op),
        intervals,
        List.of(),
        null,
        g,
        warnings.isEmpty() ? null : warnings,
        null);
  }

  private static final List<Warning> SATURATED =
      List.of(new Warning("generator-saturated", MESSAGE, Map.of("hostCpuPercent", 100.0)));

  @Test
  void consolePrintsAWarningLineRightAfterTheTotals() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new ConsoleExporter(new PrintStream(out, true, StandardCharsets.UTF_8), true)
        .end(result(SATURATED));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("\nwarning: " + MESSAGE + "\n"), text);
    assertTrue(text.indexOf("warning:") < text.indexOf("status: ok"), text);
  }

  @Test
  void summaryQuotesTheWarningAboveTheTotalsAndTabulatesTheGenerator() {
    String md = MarkdownExporter.render(result(SATURATED), Map.of());
    int quote = md.indexOf("> ⚠ **Warning:** " + MESSAGE);
    assertTrue(quote > md.indexOf("## Totals") && quote < md.indexOf("| rr "), md);
    assertTrue(md.contains("## Load generator"), md);
    assertTrue(md.contains("| process CPU | 41% of the 1 CPU it may use |"), md);
    assertTrue(md.contains("| stalls | longest 240 ms, p99 13 ms |"), md);
    assertTrue(md.contains("| GC pauses | 4 ms in all, longest 3 ms |"), md);
  }

  @Test
  void reportShowsAWarningBoxBeforeTheTotalsAndTheGeneratorsCpuOverTime() {
    RunReport report = new RunReport(result(SATURATED), Map.of());
    String html = report.page().render();
    int box = html.indexOf("<div class=\"warning generator-saturated\" role=\"note\">");
    assertTrue(box > html.indexOf("<h2>Totals</h2>"), html);
    assertTrue(box < html.indexOf("<table id=\"totals\""), "before the totals table");
    assertTrue(html.contains(HtmlPage.escape(MESSAGE)));
    assertTrue(html.contains("<h2>Load generator</h2>"));
    assertTrue(html.contains("<table id=\"generator\""));
    assertTrue(
        report.charts().stream().anyMatch(c -> c.id().equals("generator-cpu")),
        "generator CPU on the timeline");
  }

  @Test
  void aCleanRunHasNoWarningButStillItsFigures() {
    RunResult r = result(List.of());
    assertEquals(List.of(), RunWarnings.lines(r));
    assertEquals("", RunWarnings.markdown(r));
    assertEquals("", RunWarnings.statusSuffix(r));
    String md = MarkdownExporter.render(r, Map.of());
    assertFalse(md.contains("Warning"), md);
    assertTrue(md.contains("## Load generator"), md);
    assertFalse(new RunReport(r, Map.of()).page().render().contains("class=\"warning"));
  }

  @Test
  void aStatusCarriesTheWarningsKind() {
    assertEquals(" ⚠ generator saturated", RunWarnings.statusSuffix(result(SATURATED)));
  }
}
