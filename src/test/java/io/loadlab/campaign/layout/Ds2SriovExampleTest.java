package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DS2 SR-IOV report's hardware campaigns (examples/ds2-sriov/campaign.yaml and
 * campaign-4db.yaml) lay their report out as the lab report's Figures 1-4: fed the report's own
 * numbers as the clients' OPM, {@code campaign report} prints Figure 1 (or 2) first, then Figure 3
 * (or 4), with the report's rows, columns, unit and numbers.
 */
@Timeout(60)
class Ds2SriovExampleTest {
  @TempDir Path dir;

  static final Path EXAMPLE =
      Path.of(System.getProperty("user.dir")).resolveSibling("examples").resolve("ds2-sriov");

  static final String BRIDGED = "Red Hat KVM bridged guest";
  static final String SRIOV = "Red Hat KVM SR-IOV guest";
  static final String BARE = "Bare-metal instance";

  /** Figure 3: OPM by client, one database instance (bridged, SR-IOV, bare metal). */
  static final double[][] FIGURE_3 = {{34_894, 35_090}, {43_205, 43_264}, {46_227, 46_453}};

  /** Figure 4: OPM by client, four database instances. */
  static final double[][] FIGURE_4 = {
    {28_651, 28_622, 28_201, 28_150, 28_939, 28_982, 26_392, 26_382},
    {31_434, 32_281, 32_936, 32_942, 31_409, 31_391, 29_544, 29_487},
    {38_245, 38_407, 37_811, 37_901, 37_542, 37_472, 37_492, 37_501}
  };

  @Test
  void oneDatabaseCampaignReportsFigures1And3() throws Exception {
    List<List<String>> tables = reportTables("campaign.yaml", FIGURE_3);
    assertEquals(
        List.of(
            "## Figure 1: DVD Store Version 2 results for the server running Red Hat Enterprise"
                + " Linux 6 with one database instance",
            "| Configuration | Total OPM (opm) |",
            "| " + BRIDGED + " | 69,984 |",
            "| " + SRIOV + " | 86,469 |",
            "| " + BARE + " | 92,680 |"),
        tables.get(0));
    assertEquals(
        List.of(
            "## Figure 3: DVD Store Version 2 OPM results, by client, for the Dell PowerEdge R710"
                + " running one database instance",
            "| Client | OPM (opm) method="
                + BRIDGED
                + " | OPM (opm) method="
                + SRIOV
                + " | OPM (opm) method="
                + BARE
                + " |",
            "| Client 1 | 34,894 | 43,205 | 46,227 |",
            "| Client 2 | 35,090 | 43,264 | 46,453 |",
            "| Total OPM | 69,984 | 86,469 | 92,680 |"),
        tables.get(1));
  }

  @Test
  void fourDatabaseCampaignReportsFigures2And4() throws Exception {
    List<List<String>> tables = reportTables("campaign-4db.yaml", FIGURE_4);
    assertEquals(
        List.of(
            "## Figure 2: DVD Store Version 2 results for the server running Red Hat Enterprise"
                + " Linux 6 with four database instances",
            "| Configuration | Total OPM (opm) |",
            "| " + BRIDGED + " | 224,319 |",
            "| " + SRIOV + " | 251,424 |",
            "| " + BARE + " | 302,371 |"),
        tables.get(0));
    List<String> figure4 = tables.get(1);
    assertEquals(
        "## Figure 4: DVD Store Version 2 OPM results, by client, for the Dell PowerEdge R710"
            + " running four database instances",
        figure4.get(0));
    assertEquals(
        "| Client | OPM (opm) method="
            + BRIDGED
            + " | OPM (opm) method="
            + SRIOV
            + " | OPM (opm) method="
            + BARE
            + " |",
        figure4.get(1));
    assertEquals("| Client 1 | 28,651 | 31,434 | 38,245 |", figure4.get(2));
    assertEquals("| Client 8 | 26,382 | 29,487 | 37,501 |", figure4.get(9));
    assertEquals("| Total OPM | 224,319 | 251,424 | 302,371 |", figure4.get(10));
    assertEquals(11, figure4.size(), String.join("\n", figure4));
  }

  /**
   * A campaign.json as the example's run would write it, three iterations per configuration whose
   * median run is the report's (the others 2% below and above), then {@code campaign report}: the
   * first two tables of report.md, each its heading and its rows (the separator row left out).
   */
  private List<List<String>> reportTables(String file, double[][] opmByClient) throws Exception {
    JsonNode spec = new YAMLMapper().readTree(EXAMPLE.resolve(file).toFile());
    Manifest m = new Manifest();
    m.campaign = spec.get("name").asText();
    m.status = "complete";
    m.rule = spec.get("report").asText();
    m.baseline = spec.get("baseline").asText();
    Manifest.StepInfo step = new Manifest.StepInfo();
    JsonNode stepSpec = spec.get("steps").get(0);
    step.name = stepSpec.get("name").asText();
    step.command = stepSpec.get("run").asText();
    step.figures = List.of("opm");
    for (JsonNode client : stepSpec.get("clients")) {
      step.machines.add(client.get("on").asText());
    }
    m.steps = List.of(step);
    m.attributes = new LinkedHashMap<>();
    JsonNode configurations = spec.get("configurations");
    for (int c = 0; c < configurations.size(); c++) {
      JsonNode conf = configurations.get(c);
      String name = conf.get("name").asText();
      m.configurations.add(name);
      Map<String, String> attrs = new LinkedHashMap<>();
      conf.get("attributes")
          .fields()
          .forEachRemaining(a -> attrs.put(a.getKey(), a.getValue().asText()));
      m.attributes.put(name, attrs);
      double[] scale = {0.98, 1.0, 1.02};
      for (int i = 0; i < 3; i++) {
        Manifest.RunEntry run = new Manifest.RunEntry();
        run.cell = name + "/" + step.name + "/-";
        run.id = run.cell + "/" + (i + 1);
        run.configuration = name;
        run.step = step.name;
        run.iteration = i + 1;
        run.status = "ok";
        run.clients = new ArrayList<>();
        double total = 0;
        for (int k = 0; k < step.machines.size(); k++) {
          Manifest.ClientEntry client = new Manifest.ClientEntry();
          client.machine = step.machines.get(k);
          client.status = "ok";
          client.figures = Map.of("opm", opmByClient[c][k] * scale[i]);
          total += opmByClient[c][k] * scale[i];
          run.clients.add(client);
        }
        run.figures = Map.of("opm", total);
        m.runs.add(run);
      }
    }
    m.tables = new ArrayList<>();
    for (JsonNode t : spec.get("tables")) {
      m.tables.add(table(t));
    }
    CellStatistics.update(m);
    m.write(dir);

    CliRun r = CliRun.of("campaign", "report", dir.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String report = Files.readString(dir.resolve("report.md"));
    List<List<String>> tables = new ArrayList<>();
    List<String> current = null;
    for (String line : report.split("\n")) {
      if (line.startsWith("## ")) {
        current = new ArrayList<>(List.of(line));
        tables.add(current);
      } else if (current != null && line.startsWith("|") && !line.matches("\\|[-:| ]+\\|")) {
        current.add(line);
      }
    }
    assertTrue(tables.size() >= 2, report);
    return tables;
  }

  /** A table of the campaign file, as the campaign keeps it in campaign.json. */
  private static LayoutTable table(JsonNode t) {
    List<LayoutTable.Value> values = new ArrayList<>();
    for (JsonNode v : t.get("values")) {
      values.add(
          new LayoutTable.Value(
              v.get("step").asText(),
              v.get("figure").asText(),
              text(v, "unit"),
              text(v, "label"),
              text(v, "statistic")));
    }
    Map<String, String> where = new LinkedHashMap<>();
    if (t.has("where")) {
      t.get("where").fields().forEachRemaining(w -> where.put(w.getKey(), w.getValue().asText()));
    }
    Map<String, String> labels = new LinkedHashMap<>();
    if (t.has("labels")) {
      t.get("labels").fields().forEachRemaining(l -> labels.put(l.getKey(), l.getValue().asText()));
    }
    return new LayoutTable(
        text(t, "title"),
        text(t, "caption"),
        list(t.get("rows")),
        text(t, "row-label"),
        list(t.get("columns")),
        where,
        text(t, "statistic"),
        text(t, "chart"),
        values,
        labels,
        null);
  }

  private static String text(JsonNode n, String field) {
    return n.hasNonNull(field) ? n.get(field).asText() : null;
  }

  private static List<String> list(JsonNode n) {
    List<String> out = new ArrayList<>();
    if (n != null) {
      n.forEach(e -> out.add(e.asText()));
    }
    return out;
  }
}
