package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign on embedded defaults (net rr against a loopback server in each run): 2 configurations
 * × 2 sweep points × 3 iterations, each run a child loadlab of about 1 s.
 */
@Timeout(180)
class CampaignRunTest {
  @TempDir Path dir;

  @Test
  void twelveRunsOneReportedPerCellAndMedianStddevAgreesWithTheRunsOwnIntervals() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: twelve
        iterations: 3
        configurations:
          - {name: nodelay, vars: {nd: "on"}}
          - {name: delayed, vars: {nd: "off"}}
        steps:
          - name: rr
            run: net rr
            options: {duration: 1s, interval: 200ms, nodelay: "${nd}"}
            sweep: {users: [1, 2]}
        """);
    Path out = dir.resolve("out");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    assertTrue(run.out().contains("[12/12] delayed · rr users=2 · iteration 3/3"), run.out());
    assertTrue(run.out().contains("ETA"), run.out());

    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    assertEquals("complete", m.get("status").asText());
    assertEquals(12, m.get("runs").size());
    assertEquals(4, m.get("cells").size());
    for (JsonNode run1 : m.get("runs")) {
      assertEquals("ok", run1.get("status").asText(), run1.toString());
      Path runDir = out.resolve(run1.get("dir").asText());
      assertTrue(
          Files.exists(runDir.resolve("result.json")), "an ordinary run directory: " + runDir);
      assertTrue(
          run1.get("commandLines").get(0).toString().contains("\"--nodelay\""), run1.toString());
    }
    for (JsonNode cell : m.get("cells")) {
      assertEquals(3, cell.get("runs").asInt());
      assertEquals(1, cell.get("reportedRuns").size(), cell.toString());
      // Recompute the seeds' rule from the runs' own intervals.csv.
      List<String[]> sdById = new ArrayList<>();
      List<Double> rates = new ArrayList<>();
      for (JsonNode r : m.get("runs")) {
        if (r.get("cell").asText().equals(cell.get("id").asText())) {
          Path runDir = out.resolve(r.get("dir").asText());
          JsonNode result = new ObjectMapper().readTree(runDir.resolve("result.json").toFile());
          String op = result.get("totals").fieldNames().next();
          rates.add(result.get("totals").get(op).get("ratePerSec").asDouble());
          sdById.add(
              new String[] {r.get("id").asText(), String.valueOf(sd(intervalRates(runDir, op)))});
        }
      }
      sdById.sort(Comparator.comparingDouble(a -> Double.parseDouble(a[1])));
      assertEquals(sdById.get(1)[0], cell.get("reportedRuns").get(0).asText(), "median-stddev run");
      double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
      assertEquals(mean, cell.get("statistics").get("rate").get("mean").asDouble(), mean * 1e-6);
      JsonNode stats = cell.get("statistics").get("rate");
      assertTrue(
          stats.get("ci95Low").asDouble() <= mean && mean <= stats.get("ci95High").asDouble());
    }
    JsonNode delayed = null;
    for (JsonNode cell : m.get("cells")) {
      if (cell.get("id").asText().equals("delayed/rr/users=2")) {
        delayed = cell;
      }
    }
    assertTrue(delayed.get("ratioToBaseline").has("rate"), delayed.toString());

    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("| users | nodelay | delayed |"), report);
    CliRun again = CliRun.of("campaign", "report", out.toString());
    assertEquals(0, again.code(), again.err());
    assertTrue(again.out().contains("| 2 |"), again.out());

    // Run again: everything is finished, nothing is repeated.
    String before = Files.readString(out.resolve("campaign.json"));
    CliRun rerun = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, rerun.code(), rerun.out() + rerun.err());
    assertTrue(rerun.out().contains("12 finished runs kept"), rerun.out());
    JsonNode m2 = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    for (int i = 0; i < 12; i++) {
      assertEquals(m.get("runs").get(i).get("startTime"), m2.get("runs").get(i).get("startTime"));
    }
    assertTrue(before.length() > 0);
  }

  static double[] intervalRates(Path runDir, String op) throws Exception {
    List<String> lines = Files.readAllLines(runDir.resolve("intervals.csv"));
    List<String> header = List.of(lines.get(0).split(","));
    List<Double> v = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      if (f[header.indexOf("operation")].equals(op)
          && f[header.indexOf("warmup")].equals("false")) {
        v.add(Double.parseDouble(f[header.indexOf("ratePerSec")]));
      }
    }
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Sample standard deviation, written out here so the test does not share the code it checks. */
  static double sd(double[] v) {
    double mean = 0;
    for (double x : v) {
      mean += x / v.length;
    }
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    return Math.sqrt(ss / (v.length - 1));
  }
}
