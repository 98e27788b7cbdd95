package io.loadlab.campaign.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.campaign.StepCommands;
import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.StepOperations;
import io.loadlab.cli.campaign.HardwareExamples;
import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MRG interconnects report's best-throughput figures (Figures 20-22, sections "1-GigE",
 * "10-GigE" and "IPoIB"): the example's best-over tables name the interconnects as the report does,
 * from the configurations' {@code interconnect} attribute, not by the configurations' names ({@code
 * 1gige}), and report.html draws each table as a chart (the best transfers/s, and their MB/s).
 */
@Timeout(300)
class MrgBestTablesTest {
  static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");

  /** The report's names of the three interconnects, as its sections 5.2.1 to 5.2.3 head them. */
  static final List<String> INTERCONNECTS = List.of("1-GigE", "10-GigE", "IPoIB");

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"amqp-interconnects/campaign.yaml", "amqp-interconnects/rehearsal.yaml"})
  void bestTablesUseTheReportsNamesAndHaveTheirCharts(String file) throws Exception {
    Campaign c = read(EXAMPLES.resolve(file));
    Manifest m = manifest(c);
    Manifest.StepInfo step =
        m.steps.stream().filter(s -> s.bestOver != null).findFirst().orElseThrow();
    List<BestTables.Computed> tables = BestTables.of(m, step);
    BestTables.Computed transfers = tables.get(0);
    assertEquals("transfersPerSec", transfers.figure());
    assertEquals(
        List.of("point", "1-GigE", "1-GigE MB/s", "10-GigE", "10-GigE MB/s", "IPoIB", "IPoIB MB/s"),
        transfers.header());
    for (BestTables.Computed t : tables) {
      assertEquals(INTERCONNECTS, t.names(), t.title());
    }

    Path out = Files.createDirectories(dir.resolve("report"));
    String md = CampaignReport.write(m, out);
    assertTrue(
        md.contains(
            "| point | 1-GigE | 1-GigE MB/s | 10-GigE | 10-GigE MB/s | IPoIB | IPoIB MB/s |"),
        md);
    Path html = out.resolve(CampaignHtml.FILE);
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
    List<String> drawn = new ArrayList<>();
    for (JsonNode d : check.get("drawn")) {
      assertTrue(d.get("points").asInt() > 0 && d.get("pixels").asInt() > 0, d.toString());
      drawn.add(d.get("id").asText());
    }
    assertTrue(drawn.contains(transfers.id()), "the best transfers/s drawn: " + drawn);
    assertTrue(drawn.contains(transfers.id() + "-mb"), "and their MB/s: " + drawn);
    String dom = HeadlessChromium.dumpDom(html);
    for (String name : INTERCONNECTS) {
      assertTrue(dom.contains(">" + name + "</th>"), name + " heads a column");
    }
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
   * A finished campaign of the best-over step: one ok run per cell, transfers/s growing with the
   * interconnect, the size and the publishers, and MB/s from them.
   */
  private static Manifest manifest(Campaign c) {
    Manifest m = new Manifest();
    m.campaign = c.name();
    m.status = "complete";
    m.rule = c.rule().id();
    m.baseline = c.baseline();
    m.configurations = c.configurations().stream().map(Campaign.Configuration::name).toList();
    m.attributes = c.attributes();
    m.tables = List.of();
    m.steps = new ArrayList<>();
    Campaign.Step best = null;
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
      if (!s.bestOver().isEmpty()) {
        best = s;
      }
    }
    for (int k = 0; k < m.configurations.size(); k++) {
      for (Map<String, String> point : Matrix.points(best.sweep())) {
        double size = Double.parseDouble(point.get("size"));
        double rate = (1 + k) * 1000 * Double.parseDouble(point.get("npubs")) + size / 100;
        Manifest.RunEntry r = new Manifest.RunEntry();
        r.point = new LinkedHashMap<>(point);
        r.configuration = m.configurations.get(k);
        r.step = best.name();
        r.cell = r.configuration + "/" + r.step + "/" + Matrix.label(point);
        r.id = r.cell + "/1";
        r.iteration = 1;
        r.status = "ok";
        r.figures =
            new LinkedHashMap<>(
                Map.of("transfersPerSec", rate, "mbPerSec", rate * size / 1e6, "rate", rate));
        m.runs.add(r);
      }
    }
    CellStatistics.update(m);
    return m;
  }
}
