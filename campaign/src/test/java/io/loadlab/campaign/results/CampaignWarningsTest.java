package io.loadlab.campaign.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.report.CampaignHtml;
import io.loadlab.campaign.report.CampaignReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs whose load generator was saturated: their warnings go from result.json into campaign.json,
 * and the cells they belong to are marked in report.md and report.html.
 */
class CampaignWarningsTest {
  private static final String SATURATED =
      "load generator saturated: host CPU 100% on the 1 CPU it may use, process CPU 12%; the"
          + " figures may describe this client rather than the system under test";

  @TempDir Path dir;

  private Path runDir(String name, String warnings) throws Exception {
    Path d = Files.createDirectories(dir.resolve(name));
    Files.writeString(
        d.resolve("result.json"),
        "{\"workload\":\"net rr\",\"status\":\"ok\",\"totals\":{}"
            + (warnings == null ? "" : ",\"warnings\":" + warnings)
            + "}");
    return d;
  }

  @Test
  void readsEachClientsWarningsIntoTheRun() throws Exception {
    Path clean = runDir("clean", null);
    Path busy =
        runDir(
            "busy",
            "[{\"kind\":\"generator-saturated\",\"message\":\""
                + SATURATED
                + "\",\"figures\":{\"hostCpuPercent\":100.0}}]");
    assertEquals(List.of(), CampaignWarnings.read(clean));
    assertEquals(List.of(SATURATED), CampaignWarnings.read(busy));
    assertEquals(List.of(), CampaignWarnings.read(dir.resolve("missing")));

    Manifest.RunEntry one = new Manifest.RunEntry();
    CampaignWarnings.classify(one, List.of(busy));
    assertEquals(List.of(SATURATED), one.warnings);
    Manifest.RunEntry two = new Manifest.RunEntry();
    CampaignWarnings.classify(two, List.of(clean, busy));
    assertEquals(List.of("client 2: " + SATURATED), two.warnings);
    Manifest.RunEntry none = new Manifest.RunEntry();
    CampaignWarnings.classify(none, List.of(clean));
    assertNull(none.warnings, "left out of campaign.json");
  }

  /** Configurations a and b, one step rr of net rr, no runs yet. */
  private static Manifest manifest(String name) {
    Manifest m = new Manifest();
    m.campaign = name;
    m.status = "complete";
    m.rule = "median";
    m.baseline = "a";
    m.configurations = List.of("a", "b");
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "rr";
    step.command = "net rr";
    step.figures = List.of("rate");
    m.steps = List.of(step);
    return m;
  }

  /** Iteration {@code i} of rr in configuration {@code conf}. */
  private static Manifest.RunEntry run(String conf, int i) {
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = conf + "/rr/-/" + i;
    r.cell = conf + "/rr/-";
    r.configuration = conf;
    r.step = "rr";
    r.iteration = i;
    return r;
  }

  @Test
  void cellsWithWarnedRunsAreMarkedInEveryReport() throws Exception {
    Manifest m = manifest("busy-client");
    for (String conf : m.configurations) {
      for (int i = 1; i <= 2; i++) {
        Manifest.RunEntry r = run(conf, i);
        r.status = "ok";
        r.figures = Map.of("rate", 1000.0 + i);
        r.warnings = conf.equals("b") && i == 2 ? List.of(SATURATED) : null;
        m.runs.add(r);
      }
    }
    CellStatistics.update(m);
    Manifest.CellEntry a = m.cells.get(0);
    Manifest.CellEntry b = m.cells.get(1);
    assertNull(a.warned);
    assertEquals(1, b.warned);

    m.write(dir);
    String json = Files.readString(dir.resolve(Manifest.FILE));
    assertTrue(json.contains("\"warned\" : 1"), json);
    assertTrue(json.contains("\"warnings\" : [ \"" + SATURATED), json);
    assertEquals(1, Manifest.read(dir.resolve(Manifest.FILE)).cells.get(1).warned);

    String md = CampaignReport.write(m, dir);
    String row = md.lines().filter(l -> l.startsWith("| - |")).findFirst().orElseThrow();
    assertTrue(row.endsWith(" ⚠ |"), "b's cell is marked: " + row);
    assertFalse(row.substring(0, row.length() - 4).contains("⚠"), "a's is not: " + row);
    assertTrue(md.contains("## Warnings"), md);
    assertTrue(
        md.contains(
            "- ⚠ load generator saturated in 1 of 4 runs (host CPU 100% on the 1 CPU it may use,"
                + " process CPU 12%)\n"),
        md);

    String html = Files.readString(dir.resolve(CampaignHtml.FILE));
    assertTrue(html.contains("<div class=\"warning cells-warned\""), "a legend box");
    assertTrue(html.contains("<li>b/rr/-/2 (ok): " + SATURATED + "</li>"), "the run, folded");
    assertEquals(
        1,
        html.split("<td class=\"num\" data-value=\"[0-9.]+\">[^<]* ⚠</td>", -1).length - 1,
        "one cell marked in the figure's table");
  }

  /**
   * A busy machine: every run of every client warns, and one configuration's runs all fail. The
   * reports say each distinct warning once with its runs counted, failed ones included; a failed
   * cell shows the warnings of its failures; each run's words are one click away in report.html, as
   * the browser shows it.
   */
  @Test
  void warningsAreSaidOnceWithTheirRunsCountedFailedOnesIncluded() throws Exception {
    Manifest m = manifest("busy-machine");
    for (String conf : m.configurations) {
      for (int i = 1; i <= 4; i++) {
        Manifest.RunEntry r = run(conf, i);
        r.status = conf.equals("a") ? "ok" : "failed";
        r.reason = conf.equals("a") ? null : "exit 1: the server stopped answering";
        r.figures = conf.equals("a") ? Map.of("rate", 1000.0 + i) : Map.of();
        r.warnings =
            i == 4 && conf.equals("a")
                ? null
                : List.of(
                    "client 1: " + SATURATED,
                    "client 2: " + SATURATED.replace("12%", "9" + i + "%"));
        m.runs.add(r);
      }
    }
    CellStatistics.update(m);
    assertEquals(3, m.cells.get(0).warned);
    assertEquals(4, m.cells.get(1).failedWarned);

    String md = CampaignReport.write(m, dir);
    assertEquals(1, md.lines().filter(l -> l.contains("saturated in")).count(), "one line: " + md);
    assertTrue(md.contains("- ⚠ load generator saturated in 7 of 8 runs (e.g. host CPU 100%"), md);
    assertTrue(
        md.contains("**FAILED** (4/4) ⚠ load generator saturated 4/4"),
        "the failed cell shows why: " + md);
    assertTrue(
        md.contains(
            "- `b/rr/-/1` (null): exit 1: the server stopped answering ⚠ load generator"
                + " saturated"),
        "the failed run's line too: " + md);

    Path html = dir.resolve(CampaignHtml.FILE);
    String dom = io.loadlab.core.report.HeadlessChromium.dumpDom(html);
    assertEquals(
        1,
        dom.split("load generator saturated in 7 of 8 runs", -1).length - 1,
        "one warning box: " + dom);
    assertTrue(dom.contains("<details><summary>The 7 runs and their figures</summary>"), dom);
    assertTrue(dom.contains("<li>b/rr/-/2 (failed): client 1: " + SATURATED), dom);
    assertEquals(7, dom.split("<li>[ab]/rr/-/", -1).length - 1, "each run once: " + dom);
    io.loadlab.core.report.HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "campaign-warnings.png"), 1280, 1600);
  }
}
