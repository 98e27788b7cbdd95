package io.loadlab.campaign.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
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
    m.campaign = "amqp-sriov";
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
      double factor = conf.equals("bridged") ? 2.4 : conf.equals("sriov") ? 1 : 0.9;
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
        text.matches("(?s).*p50 \\(µs\\) 2\\.[34][0-9]× lower \\(p &lt; 0\\.0.*"),
        "sriov vs bridged verdict");
    // Figures read as words with their unit, never as the campaign file's keys.
    assertTrue(text.contains(": p50 (µs) (lower is better)"), "p50 title");
    assertTrue(text.contains(": rate (ops/s)"), "rate title");
    int main = text.indexOf("<main>");
    String body = text.substring(main, text.indexOf("<script", main));
    int data = text.indexOf("id=\"loadlab-charts\">");
    String charts = text.substring(data, text.indexOf("</script>", data));
    for (String shown : List.of(body, charts)) {
      assertFalse(shown.contains("p50Us"), "raw key p50Us shown: " + shown);
      assertFalse(
          shown.matches("(?s).*(: |\"|>)rate(\"|<| [0-9]).*"), "raw key rate shown: " + shown);
    }
    assertTrue(charts.contains("\"p50 (µs)\""), "axis named p50 (µs): " + charts);
    assertTrue(text.contains("3 vs 3 runs"), text);
    // Per figure: the sweep with error bars, and the ratio to the baseline.
    var check = HeadlessChromium.assertDrawn(html, 4);
    assertEquals(4, check.get("drawn").size());
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "campaign-report.png"), 1280, 2400);
  }

  /**
   * A step on two machines at once (seed 004's four DS2 instances, here two): each client's orders
   * per minute stacked to the run's total, and each client's p50 beside the merged one, drawn by
   * the browser with the manifest's per-client numbers.
   */
  @Test
  void stepOnSeveralMachinesDrawsEachClientStackedWithTheTotal() throws Exception {
    Manifest m = new Manifest();
    m.campaign = "ds2-sriov";
    m.status = "complete";
    m.rule = "median";
    m.baseline = "bridged";
    m.configurations = List.of("bridged", "sriov");
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "orders";
    step.command = "ds2 run";
    step.figures = List.of("opm", "p50Us");
    step.machines = List.of("db1", "db2");
    m.steps = List.of(step);
    double[][] opm = {{1000, 1400}, {1800, 2100}}; // [configuration][client], one run each
    for (int c = 0; c < 2; c++) {
      String conf = m.configurations.get(c);
      Manifest.RunEntry run = new Manifest.RunEntry();
      run.id = conf + "/orders/-/1";
      run.cell = conf + "/orders/-";
      run.configuration = conf;
      run.step = "orders";
      run.status = "ok";
      run.clients = new java.util.ArrayList<>();
      for (int k = 0; k < 2; k++) {
        Manifest.ClientEntry client = new Manifest.ClientEntry();
        client.machine = "db" + (k + 1);
        client.status = "ok";
        client.figures = Map.of("opm", opm[c][k], "p50Us", 900.0 + 100 * k - 300 * c);
        run.clients.add(client);
      }
      run.figures = Map.of("opm", opm[c][0] + opm[c][1], "p50Us", 950.0 - 300 * c);
      m.runs.add(run);
    }
    CellStatistics.update(m);
    CampaignHtml.write(m, dir);
    Path html = dir.resolve(CampaignHtml.FILE);
    // Per figure: its bars, the ratio to the baseline and the per-client bars.
    var check = HeadlessChromium.assertDrawn(html, 6);
    var opmBars = bars(check, "figure-0-clients");
    assertEquals(
        List.of("db1", "db2", "total"), opmBars.stream().map(b -> b.get("name").asText()).toList());
    for (int k = 0; k < 2; k++) {
      assertEquals("clients", opmBars.get(k).get("stack").asText(), "clients are stacked");
      assertTrue(opmBars.get(k).get("pixels").asInt() > 0, "client " + k + " drawn");
      for (int c = 0; c < 2; c++) {
        assertEquals(opm[c][k], opmBars.get(k).get("values").get(c).asDouble(), 1e-9);
      }
    }
    for (int c = 0; c < 2; c++) {
      assertEquals(opm[c][0] + opm[c][1], opmBars.get(2).get("values").get(c).asDouble(), 1e-9);
    }
    assertTrue(opmBars.get(2).get("pixels").asInt() > 0, "total drawn");
    var p50Bars = bars(check, "figure-1-clients");
    assertTrue(p50Bars.get(0).get("stack").isNull(), "latencies do not add: side by side");
    assertEquals(600.0, p50Bars.get(0).get("values").get(1).asDouble(), 1e-9);
    assertEquals(650.0, p50Bars.get(2).get("values").get(1).asDouble(), 1e-9);
    // No sweep: a bar per configuration, and the ratio chart keeps sriov's colour from the value
    // chart.
    var valueBars = bars(check, "figure-0").get(0);
    assertEquals(2, valueBars.get("values").size(), valueBars.toString());
    assertEquals(
        valueBars.get("valueColours").get(1).asText(),
        bars(check, "figure-0-ratio").get(0).get("valueColours").get(0).asText());
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "campaign-clients.png"), 1280, 2800);
  }

  /**
   * A step without a sweep (seed 001's MTU × method as four configurations with attributes): a bar
   * per configuration labelled with its attributes, and error bars (one noisy run) inside the axis.
   */
  @Test
  void stepWithoutASweepDrawsABarPerConfigurationWithErrorBarsInsideTheAxis() throws Exception {
    Manifest m = new Manifest();
    m.campaign = "virtual-net-latency";
    m.status = "complete";
    m.rule = "all";
    m.baseline = "vnet-1500";
    m.configurations = List.of("vnet-1500", "vnet-9000", "assigned-1500", "assigned-9000");
    m.attributes = new java.util.LinkedHashMap<>();
    for (String c : m.configurations) {
      String[] parts = c.split("-");
      m.attributes.put(c, new java.util.LinkedHashMap<>(Map.of("method", parts[0])));
      m.attributes.get(c).put("MTU", parts[1]);
    }
    m.attributes.remove("assigned-9000"); // labelled by its name
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "tcp-bandwidth";
    step.command = "net stream";
    step.figures = List.of("bytesPerSec");
    m.steps = List.of(step);
    double highest = 0;
    for (int c = 0; c < 4; c++) {
      String conf = m.configurations.get(c);
      double[] runs = {1e8 * (c + 1), 1.1e8 * (c + 1), 1.05e8 * (c + 1)};
      if (c == 3) {
        runs[2] = 2.5e9; // the top bar's long error bar
      }
      for (int i = 0; i < 3; i++) {
        Manifest.RunEntry run = new Manifest.RunEntry();
        run.id = conf + "/tcp-bandwidth/-/" + (i + 1);
        run.cell = conf + "/tcp-bandwidth/-";
        run.configuration = conf;
        run.step = "tcp-bandwidth";
        run.status = "ok";
        run.figures = Map.of("bytesPerSec", runs[i]);
        m.runs.add(run);
        highest = Math.max(highest, runs[i]);
      }
    }
    CellStatistics.update(m);
    CampaignHtml.write(m, dir);
    Path html = dir.resolve(CampaignHtml.FILE);
    String text = Files.readString(html);
    int data = text.indexOf("id=\"loadlab-charts\">");
    String charts = text.substring(data, text.indexOf("</script>", data));
    assertFalse(charts.contains("\"point\""), "no axis named point: " + charts);
    assertFalse(charts.contains("\"-\""), "no - category: " + charts);
    var check = HeadlessChromium.assertDrawn(html, 2);
    com.fasterxml.jackson.databind.JsonNode value = null;
    for (var d : check.get("drawn")) {
      if (d.get("id").asText().equals("figure-0")) {
        value = d;
      }
    }
    assertTrue(value != null, check.toString());
    List<String> categories = new java.util.ArrayList<>();
    value.get("categories").forEach(n -> categories.add(n.asText()));
    assertEquals(
        List.of(
            "method=vnet, MTU=1500",
            "method=vnet, MTU=9000",
            "method=assigned, MTU=1500",
            "assigned-9000"),
        categories);
    assertTrue(
        value.get("yAxis").get(1).asDouble() >= highest,
        "the axis takes in the longest error bar (" + highest + "): " + value);
    var bars = value.get("bars").get(0);
    for (int c = 0; c < 4; c++) {
      assertTrue(bars.get("valuePixels").get(c).asInt() > 0, "bar " + c + ": " + bars);
    }
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "campaign-no-sweep.png"), 1280, 1500);
  }

  private static List<com.fasterxml.jackson.databind.JsonNode> bars(
      com.fasterxml.jackson.databind.JsonNode check, String id) {
    for (var d : check.get("drawn")) {
      if (d.get("id").asText().equals(id)) {
        List<com.fasterxml.jackson.databind.JsonNode> out = new java.util.ArrayList<>();
        d.get("bars").forEach(out::add);
        return out;
      }
    }
    throw new AssertionError("no chart " + id + " drawn: " + check);
  }
}
