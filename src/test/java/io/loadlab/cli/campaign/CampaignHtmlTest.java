package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign's report.html, from a manifest shaped as seed 000's (three configurations, a sweep
 * over message sizes, three iterations): the seed's figure per step, checked in Chromium.
 */
@Timeout(120)
class CampaignHtmlTest {
  @TempDir Path dir;

  @Test
  void campaignReportDrawsEachFigureAgainstTheSweepWithVerdicts() throws Exception {
    Manifest m = new Manifest();
    m.campaign = "seed-000";
    m.description = "AMQP latency over message sizes: bare metal, bridged, SR-IOV";
    m.status = "complete";
    m.rule = "median-stddev";
    m.baseline = "bridged";
    m.configurations = List.of("bare-metal", "bridged", "sriov");
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "latency";
    step.command = "amqp latency";
    step.figures = List.of("p50Us", "rate");
    step.sweep = Map.of("size", List.of("64", "1024", "16384"));
    m.steps = List.of(step);
    Random random = new Random(0);
    for (String conf : m.configurations) {
      double factor = conf.equals("bridged") ? 2.4 : 1;
      for (String size : step.sweep.get("size")) {
        Manifest.CellEntry cell = new Manifest.CellEntry();
        cell.id = conf + "/latency/size=" + size;
        cell.configuration = conf;
        cell.step = "latency";
        cell.point = Map.of("size", size);
        cell.runs = 3;
        cell.ok = 3;
        double p50 = (40 + Integer.parseInt(size) / 500.0) * factor;
        cell.reported = Map.of("p50Us", p50, "rate", 1e6 / p50);
        m.cells.add(cell);
        for (int i = 1; i <= 3; i++) {
          Manifest.RunEntry run = new Manifest.RunEntry();
          run.id = cell.id + "/" + i;
          run.cell = cell.id;
          run.status = "ok";
          double v = p50 * (1 + 0.03 * random.nextGaussian());
          run.figures = Map.of("p50Us", v, "rate", 1e6 / v);
          m.runs.add(run);
        }
      }
    }
    CampaignHtml.write(m, dir);
    Path html = dir.resolve(CampaignHtml.FILE);
    String text = Files.readString(html);
    assertTrue(
        text.contains("<th>size</th><th>bridged</th><th>bare-metal</th><th>sriov</th>"), text);
    assertTrue(
        text.matches("(?s).*p50Us 2\\.[34][0-9]× lower \\(p &lt; 0\\.0.*"),
        "sriov vs bridged verdict");
    assertTrue(text.contains("3 vs 3 runs"), text);
    // Per figure: the sweep with error bars, and the ratio to the baseline.
    var check = HeadlessChromium.assertDrawn(html, 4);
    assertEquals(4, check.get("drawn").size());
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "campaign-report.png"), 1280, 2400);
  }
}
