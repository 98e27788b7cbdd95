package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.StepCommands;
import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.report.CampaignHtml;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.StepOperations;
import io.loadlab.cli.CliRun;
import io.loadlab.cli.campaign.HardwareExamples;
import io.loadlab.core.report.HeadlessChromium;
import io.loadlab.core.util.Numbers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The AMQP examples' first tables are their lab reports' own: the RHEL 6 KVM messaging report's
 * Figure 6 (latency, ms) and Figure 7 (throughput, msg/s), rows the message sizes, a column per
 * configuration method; the MRG interconnects report's latency over transfer sizes, a column per
 * interconnect. Each hardware campaign and rehearsal is read as {@code campaign plan} reads it, its
 * first table computed from a manifest holding the report's own numbers (seed 000's tables), and
 * the report written and drawn in Chromium.
 */
@Timeout(300)
class AmqpExampleTablesTest {
  static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");

  /** Seed 000's column headers, as its Figures 6 and 7 print them. */
  static final List<String> METHODS =
      List.of("Bare metal", "Red Hat KVM SR-IOV guests", "Red Hat KVM bridged guests");

  static final List<String> KVM_SIZES = List.of("8", "32", "64", "256", "1024");

  /** Seed 000, Figure 6: latency in ms, rows the sizes, columns {@link #METHODS}. */
  static final double[][] FIGURE_6 = {
    {0.156132, 0.190674, 0.473136},
    {0.156916, 0.190900, 0.473425},
    {0.156558, 0.190457, 0.473871},
    {0.150549, 0.190061, 0.462908},
    {0.164895, 0.197115, 0.469656}
  };

  /** Seed 000, Figure 7: throughput in messages per second. */
  static final double[][] FIGURE_7 = {
    {1980471, 1833481, 1782404},
    {1971225, 1754824, 1768600},
    {1980776, 1764252, 1770448},
    {1939169, 1498026, 1500313},
    {1556762, 1344517, 1052262}
  };

  /**
   * What the latency tables' captions add: the figure is transit, as qpid-latency-test measured it,
   * with the coordinated-omission-corrected latency beside it.
   */
  static final String TRANSIT =
      " Transit is each message's time from its send to its receipt, what qpid-latency-test"
          + " measures; beside it loadlab's latency from each message's intended send time"
          + " (coordinated omission corrected).";

  static final List<String> INTERCONNECTS = List.of("1-GigE", "10-GigE", "IPoIB");

  static final List<String> MRG_SIZES =
      List.of(
          "8", "16", "32", "64", "128", "256", "512", "1024", "2048", "4096", "8192", "16384",
          "32768");

  @TempDir Path dir;

  /**
   * The report's first table as an example lays it out.
   *
   * @param figure the value's figure key
   * @param seed [row][column] in the table's unit, or null for made-up numbers
   * @param toRecorded a value in the table's unit times this is the recorded figure
   */
  record Expected(
      String file,
      String title,
      String caption,
      String rowLabel,
      List<String> rows,
      List<String> headers,
      String unit,
      String statisticLine,
      String figure,
      double[][] seed,
      double toRecorded) {}

  static Stream<Arguments> examples() {
    return Stream.of(
            figure6("amqp-sriov/campaign.yaml", 9),
            figure6("amqp-sriov/rehearsal.yaml", 3),
            figure7("amqp-sriov/campaign-throughput.yaml", 15),
            figure7("amqp-sriov/rehearsal-throughput.yaml", 3),
            mrgLatency("amqp-interconnects/campaign.yaml"),
            mrgLatency("amqp-interconnects/rehearsal.yaml"))
        .map(e -> Arguments.of(e.file(), e));
  }

  static Expected figure6(String file, int iterations) {
    return new Expected(
        file,
        "Messaging latency tests",
        "Figure 6: Latency test results, in milliseconds, for the three configurations at"
            + " differing message sizes. Lower numbers are better."
            + TRANSIT,
        "Message size in bytes",
        KVM_SIZES,
        Stream.concat(
                METHODS.stream().map(m -> "Latency, transit (ms) method=" + m),
                METHODS.stream()
                    .map(m -> "Latency, coordinated omission corrected (ms) method=" + m))
            .toList(),
        "ms",
        "Reported run (median-stddev) of " + iterations + " iterations.",
        "meanUs",
        FIGURE_6,
        1000);
  }

  static Expected figure7(String file, int iterations) {
    return new Expected(
        file,
        "Messaging throughput tests",
        "Figure 7: Throughput test results, in messages per second, for the three configurations"
            + " at differing message sizes. Higher numbers are better.",
        "Message size in bytes",
        KVM_SIZES,
        METHODS.stream().map(m -> "Throughput (msg/s) method=" + m).toList(),
        "msg/s",
        "Reported run (median-stddev) of " + iterations + " iterations.",
        "transfersPerSec",
        FIGURE_7,
        1);
  }

  static Expected mrgLatency(String file) {
    return new Expected(
        file,
        "Latency",
        null,
        "Transfer size (bytes)",
        MRG_SIZES,
        Stream.concat(
                INTERCONNECTS.stream().map(i -> "Latency, transit (µs) interconnect=" + i),
                INTERCONNECTS.stream()
                    .map(i -> "Latency, coordinated omission corrected (µs) interconnect=" + i))
            .toList(),
        "µs",
        "Mean of 1 iteration.",
        "meanUs",
        null,
        1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void firstTableIsTheReportsOwn(String file, Expected e) throws Exception {
    Campaign c = read(EXAMPLES.resolve(file));
    Manifest m = manifest(c, e);
    LayoutTables.Computed t = LayoutTables.of(m).get(0);
    if (e.figure().equals("meanUs")) {
      // What qpid-latency-test measured: from each message's send to its receipt.
      Campaign.Step latency = c.steps().get(0);
      assertEquals("transit", StepOperations.reported(latency), latency.toString());
      assertTrue(latency.figures().contains("latency.meanUs"), "the corrected one beside it");
    }
    assertEquals(e.title(), t.table().title());
    if (e.caption() != null) {
      assertEquals(e.caption(), t.table().caption());
    }
    assertEquals(e.rowLabel(), t.table().rowHeader());
    assertEquals(e.rows(), t.rows());
    assertEquals(e.headers(), t.columns().stream().map(LayoutTables.Column::header).toList());
    assertEquals(e.unit(), t.units().get(0).unit());
    assertEquals(e.statisticLine(), t.statisticLine());

    Path out = Files.createDirectories(dir.resolve("report"));
    String md = CampaignReport.write(m, out);
    // The report's table is the first section after the status line.
    int first = md.indexOf("\n## ");
    assertTrue(md.startsWith("\n## " + e.title() + "\n", first), md);
    String header = "| " + e.rowLabel() + " | " + String.join(" | ", e.headers()) + " |";
    assertTrue(md.contains(header), "header " + header + " in:\n" + md);
    if (e.seed() != null) {
      // The report's own numbers come back in its unit: 0.156132 ms reads 0.156.
      String row = md.substring(md.indexOf("| 8 |", first));
      row = row.substring(0, row.indexOf('\n'));
      assertTrue(
          row.contains(Numbers.format(e.seed()[0][0])),
          row + " holds " + Numbers.format(e.seed()[0][0]));
    }
    Path html = out.resolve(CampaignHtml.FILE);
    var check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
    boolean tableChart = false;
    for (var d : check.get("drawn")) {
      assertTrue(d.get("points").asInt() > 0 && d.get("pixels").asInt() > 0, d.toString());
      tableChart |= d.get("id").asText().equals("table-1-value-0");
    }
    assertEquals(check.get("charts").asInt(), check.get("drawn").size(), check.toString());
    assertTrue(tableChart, "the report's figure is drawn: " + check);
    HeadlessChromium.screenshot(
        html,
        Path.of("target", "screenshots", "example-" + file.replace('/', '-') + ".png"),
        1280,
        2400);
  }

  /** Every rehearsal plans here (no testbed), with the report's steps. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void plans(String file, Expected e) throws Exception {
    Path path = EXAMPLES.resolve(file);
    CliRun r;
    if (HardwareExamples.testbeds(path).isEmpty()) {
      r = CliRun.of("campaign", "plan", path.toString(), "--output", dir.resolve("o").toString());
    } else {
      Path home = Files.createDirectories(dir.resolve("home"));
      Path copy = HardwareExamples.withEveryPiece(path, dir.resolve("lab"), home);
      r = HardwareExamples.withHome(home, "campaign", "plan", copy.toString(), "--offline");
    }
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().matches("(?s).*= \\d+ runs, about .*"), r.out());
  }

  /** The campaign as {@code plan} reads it; a hardware one from a copy with every piece. */
  private Campaign read(Path file) throws Exception {
    if (HardwareExamples.testbeds(file).isEmpty()) {
      return CampaignValidator.read(file, StepCommands.installed()::check);
    }
    Path home = Files.createDirectories(dir.resolve("read-home"));
    Path copy = HardwareExamples.withEveryPiece(file, dir.resolve("read"), home);
    String old = System.getProperty("user.home");
    System.setProperty("user.home", home.toString());
    try {
      return CampaignValidator.read(copy, StepCommands.installed()::check);
    } finally {
      System.setProperty("user.home", old);
    }
  }

  /**
   * A finished campaign's manifest: every cell of the first table's step with three ok runs around
   * the report's value (made-up values where the report gave no numbers), the middle one reported.
   */
  private static Manifest manifest(Campaign c, Expected e) {
    Manifest m = new Manifest();
    m.campaign = c.name();
    m.status = "complete";
    m.rule = c.rule().id();
    m.baseline = c.baseline();
    m.configurations = c.configurations().stream().map(Campaign.Configuration::name).toList();
    m.attributes = c.attributes();
    m.tables = c.tables();
    m.steps = new ArrayList<>();
    for (Campaign.Step s : c.steps()) {
      Manifest.StepInfo info = new Manifest.StepInfo();
      info.name = s.name();
      info.command = s.command();
      info.figures = s.figures();
      info.operation = StepOperations.reported(s);
      info.sweep = s.sweep();
      info.iterations = s.iterations().describe();
      info.bestOver = s.bestOver().isEmpty() ? null : s.bestOver();
      m.steps.add(info);
    }
    String step = c.tables().get(0).values().get(0).step();
    Campaign.Step s = c.steps().stream().filter(x -> x.name().equals(step)).findFirst().get();
    for (int k = 0; k < m.configurations.size(); k++) {
      String conf = m.configurations.get(k);
      List<Map<String, String>> points = Matrix.points(s.sweep());
      for (int p = 0; p < points.size(); p++) {
        Map<String, String> point = points.get(p);
        int row = e.rows().indexOf(point.get("size"));
        double value =
            (e.seed() != null ? e.seed()[row][k] : 100.0 + 20 * k + row) * e.toRecorded();
        Manifest.CellEntry cell = new Manifest.CellEntry();
        cell.id = conf + "/" + step + "/" + Matrix.label(point);
        cell.configuration = conf;
        cell.step = step;
        cell.point = new LinkedHashMap<>(point);
        cell.runs = 3;
        cell.ok = 3;
        cell.reported = Map.of(e.figure(), value);
        cell.reportedRuns = List.of(cell.id + "/2");
        m.cells.add(cell);
        for (int i = 1; i <= 3; i++) {
          Manifest.RunEntry run = new Manifest.RunEntry();
          run.id = cell.id + "/" + i;
          run.cell = cell.id;
          run.configuration = conf;
          run.step = step;
          run.point = cell.point;
          run.iteration = i;
          run.status = "ok";
          run.figures = Map.of(e.figure(), value * (1 + 0.01 * (i - 2)));
          m.runs.add(run);
        }
        cell.statistics =
            Map.of(
                e.figure(), CellStatistics.stats(new double[] {value * 0.99, value, value * 1.01}));
      }
    }
    return m;
  }
}
