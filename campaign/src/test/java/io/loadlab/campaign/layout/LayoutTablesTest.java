package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.report.CampaignHtml;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The campaign's own tables computed from a hand-built manifest (seed 001's shape: method × MTU,
 * and a DS2 step on two clients): rows, columns, units, statistics, the client factor, failed
 * cells, and the same tables in report.md, table-N.csv and report.html (drawn in Chromium).
 */
@Timeout(120)
class LayoutTablesTest {
  @TempDir Path dir;

  private static final Map<String, Double> BASE =
      Map.of("n1500", 100.0, "n9000", 80.0, "v1500", 300.0, "v9000", 250.0);

  /**
   * Four configurations (method × MTU), 3 iterations; rr's p50 is base + 10 i µs (twice base at
   * request 64), stream's bytes/s 1e8 + 1e6 i, ds2's clients 1000 f + i and 2000 f + i opm. Every
   * run of v9000's rr at request 64 failed.
   */
  static Manifest manifest() {
    Manifest m = new Manifest();
    m.campaign = "virtual-net";
    m.status = "failed";
    m.rule = "median";
    m.baseline = "n1500";
    m.configurations = List.of("n1500", "n9000", "v1500", "v9000");
    m.attributes = new LinkedHashMap<>();
    for (String c : m.configurations) {
      m.attributes.put(
          c, Map.of("method", c.startsWith("n") ? "Native" : "Virtual", "MTU", c.substring(1)));
    }
    m.steps =
        List.of(
            step("rr", List.of("p50Us", "rate"), Map.of("request", List.of("1", "64")), 1),
            step("stream", List.of("bytesPerSec"), Map.of(), 1),
            step("ds2", List.of("opm"), Map.of(), 2));
    for (String c : m.configurations) {
      double base = BASE.get(c);
      double f = c.startsWith("n") ? 1 : 0.8;
      for (int i = 1; i <= 3; i++) {
        for (String q : List.of("1", "64")) {
          boolean failed = c.equals("v9000") && q.equals("64");
          double p50 = base * (q.equals("1") ? 1 : 2) + 10 * i;
          run(m, c, "rr", Map.of("request", q), i, failed, Map.of("p50Us", p50, "rate", 1e6 / p50));
        }
        run(m, c, "stream", Map.of(), i, false, Map.of("bytesPerSec", 1e8 + 1e6 * i));
        Manifest.RunEntry r = run(m, c, "ds2", Map.of(), i, false, Map.of("opm", 3000 * f + 2 * i));
        r.clients = new ArrayList<>();
        for (int k = 1; k <= 2; k++) {
          Manifest.ClientEntry e = new Manifest.ClientEntry();
          e.machine = "db" + k;
          e.status = "ok";
          e.figures = Map.of("opm", 1000 * k * f + i);
          r.clients.add(e);
        }
      }
    }
    m.tables =
        List.of(
            new LayoutTable(
                "TCP",
                "Latency is the median of each run.",
                List.of("method"),
                "Networking Method",
                List.of("MTU"),
                Map.of("request", "1"),
                "mean",
                null,
                List.of(new LayoutTable.Value("rr", "p50Us", "ms", "Latency", null)),
                Map.of(),
                null),
            new LayoutTable(
                "Bandwidth",
                null,
                List.of("configuration"),
                null,
                List.of(),
                Map.of(),
                null,
                null,
                List.of(new LayoutTable.Value("stream", "bytesPerSec", "Mb/s", null, "best")),
                Map.of(),
                null),
            new LayoutTable(
                "Orders per minute by client",
                null,
                List.of("client"),
                null,
                List.of("method"),
                Map.of("MTU", "1500"),
                null,
                "bars",
                List.of(new LayoutTable.Value("ds2", "opm", null, "OPM", null)),
                Map.of(),
                null),
            new LayoutTable(
                "Latency by request size",
                null,
                List.of("request"),
                null,
                List.of("configuration"),
                Map.of(),
                "min",
                null,
                List.of(
                    new LayoutTable.Value("rr", "p50Us", "us", "p50", null),
                    new LayoutTable.Value("rr", "p50Us", "us", "p50", "max")),
                Map.of(),
                null));
    CellStatistics.update(m);
    return m;
  }

  private static Manifest.StepInfo step(
      String name, List<String> figures, Map<String, List<String>> sweep, int clients) {
    Manifest.StepInfo s = new Manifest.StepInfo();
    s.name = name;
    s.command = name.equals("ds2") ? "ds2 run" : "net " + name;
    s.figures = figures;
    s.sweep = sweep;
    s.iterations = "3";
    for (int k = 1; k <= clients; k++) {
      s.machines.add(clients == 1 ? "here" : "db" + k);
    }
    return s;
  }

  private static Manifest.RunEntry run(
      Manifest m,
      String conf,
      String step,
      Map<String, String> point,
      int i,
      boolean failed,
      Map<String, Double> figures) {
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.cell = conf + "/" + step + "/" + Matrix.label(point);
    r.id = r.cell + "/" + i;
    r.configuration = conf;
    r.step = step;
    r.point = point;
    r.iteration = i;
    r.status = failed ? "failed" : "ok";
    r.figures = failed ? Map.of() : figures;
    m.runs.add(r);
    return r;
  }

  @Test
  void rowsColumnsUnitsAndTheMeanWithItsInterval() {
    LayoutTables.Computed t = LayoutTables.of(manifest()).get(0);
    assertEquals(List.of("Native", "Virtual"), t.rows());
    assertEquals(
        List.of("Latency (ms) MTU=1500", "Latency (ms) MTU=9000"),
        t.columns().stream().map(LayoutTables.Column::header).toList());
    // mean of base + 10, 20, 30 µs, in ms
    assertEquals(0.120, t.cells()[0][0].value(), 1e-12);
    assertEquals(0.100, t.cells()[0][1].value(), 1e-12);
    assertEquals(0.320, t.cells()[1][0].value(), 1e-12);
    assertEquals(0.270, t.cells()[1][1].value(), 1e-12);
    assertEquals("0.12", t.cells()[0][0].text());
    // The cell's 95% interval of the mean (a latency: bootstrap percentile), in ms.
    Manifest.Stats s = CellStatistics.stats(new double[] {110, 120, 130});
    assertEquals("bootstrap percentile", s.ci95Method);
    assertEquals(s.ci95Low / 1000, t.cells()[0][0].low(), 1e-12);
    assertEquals(s.ci95High / 1000, t.cells()[0][0].high(), 1e-12);
    assertTrue(t.cells()[0][0].low() >= 0.110 && t.cells()[0][0].low() < 0.120);
    assertTrue(t.cells()[0][0].high() > 0.120 && t.cells()[0][0].high() <= 0.130);
    assertEquals("Mean of 3 iterations.", t.statisticLine());
    assertFalse(t.lines(), "bars over methods");
  }

  @Test
  void bestByteRateInMegabitsPerConfiguration() {
    LayoutTables.Computed t = LayoutTables.of(manifest()).get(1);
    assertEquals(List.of("n1500", "n9000", "v1500", "v9000"), t.rows());
    assertEquals("bytes/s (Mb/s)", t.columns().get(0).header());
    // best of 1.01e8, 1.02e8, 1.03e8 B/s = 824 Mb/s; the error bar spans the iterations
    assertEquals(824, t.cells()[0][0].value(), 1e-9);
    assertEquals(808, t.cells()[0][0].low(), 1e-9);
    assertEquals("Best of 3 iterations.", t.statisticLine());
  }

  @Test
  void clientFactorGivesEachClientAndTheTotalOfTheReportedRun() {
    LayoutTables.Computed t = LayoutTables.of(manifest()).get(2);
    assertEquals(List.of("client 1", "client 2", "total"), t.rows());
    assertEquals(
        List.of("OPM (opm) method=Native", "OPM (opm) method=Virtual"),
        t.columns().stream().map(LayoutTables.Column::header).toList());
    // rule median on opm: iteration 2 of each cell
    double[][] expected = {{1002, 802}, {2002, 1602}, {3004, 2404}};
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 2; c++) {
        assertEquals(expected[r][c], t.cells()[r][c].value(), 1e-9, r + "," + c);
      }
    }
    assertEquals("Reported run (median) of 3 iterations.", t.statisticLine());
  }

  @Test
  void eachValueItsStatisticAndFailedCellsSaySo() {
    LayoutTables.Computed t = LayoutTables.of(manifest()).get(3);
    assertEquals(List.of("1", "64"), t.rows());
    assertEquals(8, t.columns().size());
    assertEquals("p50 (µs) configuration=n1500", t.columns().get(0).header());
    assertEquals(110, t.cells()[0][0].value(), 1e-9); // min
    assertEquals(130, t.cells()[0][4].value(), 1e-9); // max
    assertEquals(210, t.cells()[1][0].value(), 1e-9);
    assertEquals("**FAILED** (3/3)", t.cells()[1][3].text());
    assertTrue(Double.isNaN(t.cells()[1][3].value()));
    assertEquals("p50: lowest of 3 iterations; p50: highest of 3 iterations.", t.statisticLine());
    assertTrue(t.lines(), "lines over a numeric sweep");
  }

  @Test
  void reportMdCsvAndHtmlShowTheTablesFirst() throws Exception {
    Manifest m = manifest();
    m.runs.get(0).warnings = List.of("load generator saturated");
    String md = CampaignReport.write(m, dir);
    int status = md.indexOf("Status **");
    int first = md.indexOf("\n## ", status);
    assertTrue(md.startsWith("## TCP\n", first + 1), md);
    assertTrue(
        md.contains(
            "| Networking Method | Latency (ms) MTU=1500 | Latency (ms) MTU=9000 |\n"
                + "|---|---:|---:|\n"
                + "| Native | 0.12 | 0.1 |\n"
                + "| Virtual | 0.32 | 0.27 |\n\n"
                + "Latency is the median of each run.\n\n"
                + "Mean of 3 iterations.\n"),
        md);
    // Without tables: the report as it was, the same sections after the status line.
    Manifest plain = manifest();
    plain.tables = null;
    plain.runs.get(0).warnings = m.runs.get(0).warnings;
    String before = CampaignReport.markdown(plain);
    String layout = md.substring(first + 1, md.indexOf("## rr ("));
    assertEquals(before, md.replace(layout, ""));

    assertEquals(
        List.of(
            "Networking Method,Latency (ms) MTU=1500,Latency (ms) MTU=9000",
            "Native,0.12,0.1",
            "Virtual,0.32,0.27"),
        Files.readAllLines(dir.resolve("table-1.csv")));
    assertEquals(
        "64,210,170,610,,230,190,630,", Files.readAllLines(dir.resolve("table-4.csv")).get(2));

    Path html = dir.resolve(CampaignHtml.FILE);
    String text = Files.readString(html);
    assertTrue(
        text.indexOf("<h2>TCP</h2>") < text.indexOf("<h2>rr: "), "the layout's tables first");
    // The page as Chromium has it: the first section is the first table; the facts, with the
    // run's warning, come after the last of the file's tables.
    String dom = HeadlessChromium.dumpDom(html);
    Matcher h2 = Pattern.compile("<h2>([^<]*)</h2>").matcher(dom);
    assertTrue(h2.find(), dom);
    assertEquals("TCP", h2.group(1));
    int lastTable = dom.indexOf("id=\"table-4\"");
    int facts = dom.indexOf("<h2>" + CampaignHtml.FACTS + "</h2>");
    assertTrue(lastTable > 0 && facts > lastTable, "facts after the tables");
    assertTrue(dom.indexOf("id=\"campaign\"") > facts, "the facts table under its heading");
    assertTrue(dom.indexOf("load generator saturated") > facts, "the warning among the facts");
    assertTrue(
        dom.substring(0, dom.indexOf("<h2>TCP</h2>")).contains("Status failed; runs: "),
        "a short status line before the tables");
    assertTrue(
        text.contains(
            "<th>Networking Method</th><th>Latency (ms) MTU=1500</th><th>Latency (ms)"
                + " MTU=9000</th>"),
        text);
    Matcher charts = Pattern.compile("class=\"chart\"").matcher(text);
    int count = 0;
    while (charts.find()) {
      count++;
    }
    JsonNode check = HeadlessChromium.assertDrawn(html, count);
    List<String> ids = new ArrayList<>();
    check.get("drawn").forEach(c -> ids.add(c.get("id").asText()));
    assertEquals(
        List.of("table-1-value-0", "table-2-value-0", "table-3-value-0", "table-4-value-0"),
        ids.subList(0, 4));
    for (JsonNode c : check.get("drawn")) {
      if (c.get("id").asText().equals("table-1-value-0")) {
        JsonNode bars = c.get("bars");
        assertEquals(2, bars.size(), c.toString()); // MTU=1500, MTU=9000
        assertEquals("MTU=1500", bars.get(0).get("name").asText());
        assertTrue(bars.get(0).get("pixels").asInt() > 0, c.toString());
      }
    }
    assertTrue(Arrays.asList(ids.toArray()).contains("table-4-value-1"), ids.toString());
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "campaign-layout.png"), 1280, 2400);
  }

  /**
   * The z/VM report's orientation (its Tables 4 and 7): each value a group of rows over the row
   * factor, the column factor alone across; the same cells as with the values in columns, and both
   * orientations print and draw.
   */
  @Test
  void valuesInRowsPutEachValueInARowGroupWithTheColumnFactorAloneAcross() throws Exception {
    Manifest m = manifest();
    List<LayoutTable.Value> values =
        List.of(
            new LayoutTable.Value("rr", "p50Us", "us", "p50", null),
            new LayoutTable.Value("rr", "rate", "ops/s", "Rate", null));
    LayoutTable columns =
        new LayoutTable(
            "By columns",
            null,
            List.of("request"),
            "Request",
            List.of("MTU"),
            Map.of("method", "Native"),
            "mean",
            "lines",
            values,
            Map.of(),
            null);
    LayoutTable rows =
        new LayoutTable(
            "By rows",
            null,
            List.of("request"),
            "Figure / request",
            List.of("MTU"),
            Map.of("method", "Native"),
            "mean",
            "lines",
            values,
            Map.of(),
            LayoutTable.ROWS);
    m.tables = List.of(columns, rows);
    List<LayoutTables.Computed> both = LayoutTables.of(m);
    LayoutTables.Computed c = both.get(0);
    LayoutTables.Computed r = both.get(1);
    assertEquals(
        List.of(
            "p50 (µs) MTU=1500",
            "p50 (µs) MTU=9000",
            "Rate (ops/s) MTU=1500",
            "Rate (ops/s) MTU=9000"),
        c.columns().stream().map(LayoutTables.Column::header).toList());
    assertEquals(List.of("1", "64"), c.rows());
    assertEquals(
        List.of("MTU=1500", "MTU=9000"),
        r.columns().stream().map(LayoutTables.Column::header).toList());
    assertEquals(
        List.of("p50 (µs) / 1", "p50 (µs) / 64", "Rate (ops/s) / 1", "Rate (ops/s) / 64"),
        r.rows());
    for (int v = 0; v < 2; v++) {
      for (int q = 0; q < 2; q++) {
        for (int mtu = 0; mtu < 2; mtu++) {
          assertEquals(
              c.cells()[q][2 * v + mtu].text(),
              r.cells()[2 * v + q][mtu].text(),
              "value " + v + " request " + q + " MTU " + mtu);
        }
      }
    }
    assertEquals(
        120.0, r.cells()[0][0].value(), 1e-9, "n1500's p50 at request 1: mean of 110..130");

    String md = CampaignReport.write(m, dir);
    assertTrue(md.contains("| Figure / request | MTU=1500 | MTU=9000 |\n"), md);
    assertTrue(md.contains("| Rate (ops/s) / 64 |"), md);
    Path html = dir.resolve(CampaignHtml.FILE);
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
    List<String> ids = new ArrayList<>();
    check.get("drawn").forEach(d -> ids.add(d.get("id").asText()));
    assertTrue(ids.contains("table-2-value-0") && ids.contains("table-2-value-1"), ids.toString());
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "campaign-values-in-rows.png"), 1280, 2400);
  }
}
