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

  @Test
  void cellsWithWarnedRunsAreMarkedInEveryReport() throws Exception {
    Manifest m = new Manifest();
    m.campaign = "busy-client";
    m.status = "complete";
    m.rule = "median";
    m.baseline = "a";
    m.configurations = List.of("a", "b");
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "rr";
    step.command = "net rr";
    step.figures = List.of("rate");
    m.steps = List.of(step);
    for (String conf : m.configurations) {
      for (int i = 1; i <= 2; i++) {
        Manifest.RunEntry r = new Manifest.RunEntry();
        r.id = conf + "/rr/-/" + i;
        r.cell = conf + "/rr/-";
        r.configuration = conf;
        r.step = "rr";
        r.iteration = i;
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
    assertTrue(md.contains("## Runs with warnings"), md);
    assertTrue(md.contains("- `b/rr/-/2`: " + SATURATED), md);

    String html = Files.readString(dir.resolve(CampaignHtml.FILE));
    assertTrue(html.contains("<div class=\"warning cells-warned\""), "a legend box");
    assertTrue(html.contains("<th>⚠ b/rr/-/2</th>"), "the run named in the facts");
    assertEquals(
        1,
        html.split("<td class=\"num\" data-value=\"[0-9.]+\">[^<]* ⚠</td>", -1).length - 1,
        "one cell marked in the figure's table");
  }
}
