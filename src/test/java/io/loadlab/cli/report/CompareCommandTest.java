package io.loadlab.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.cli.CliRun;
import io.loadlab.core.report.HeadlessChromium;
import io.loadlab.core.report.HeadlineFigures;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code loadlab compare} on two real runs of {@code net rr}, as a lab compares two testbeds. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CompareCommandTest {
  @TempDir Path dir;

  private Path rr(String label) {
    Path out = dir.resolve(label);
    CliRun r =
        CliRun.of(
            "net",
            "rr",
            "--duration",
            "1s",
            "--users",
            "1,2",
            "--label",
            label,
            "--quiet",
            "--output",
            out.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    return out;
  }

  @Test
  void comparesTwoRunsPerOperationWithRatiosAndCharts() throws Exception {
    Path bare = rr("bare-metal");
    Path sriov = rr("sriov");
    Path report = dir.resolve("report");
    CliRun r =
        CliRun.of(
            "compare",
            bare.toString(),
            sriov.resolve("result.json").toString(),
            "--output",
            report.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String md = Files.readString(report.resolve("comparison.md"));
    // Every operation is a point of the users sweep: the seed's table, a row per point.
    assertTrue(md.contains("## rr users: rate (operations per second)"), md);
    assertTrue(md.contains("| users | bare-metal | sriov | sriov / bare-metal |"), md);
    assertTrue(md.lines().anyMatch(l -> l.startsWith("| 2 |")), md);
    assertTrue(md.matches("(?s).*\\| 1 \\|[^\\n]*[0-9.]+× \\|.*"), md);
    for (String chart : new String[] {"rate.svg", "latency-p50.svg", "latency-p99.svg"}) {
      assertTrue(Files.readString(report.resolve(chart)).startsWith("<svg"), chart);
    }
    assertTrue(r.out().contains("comparison: " + report.resolve("comparison.md")), r.out());

    CliRun named =
        CliRun.of(
            "compare",
            bare.toString(),
            sriov.toString(),
            "--names",
            "host,guest",
            "--output",
            dir.resolve("named").toString());
    assertEquals(0, named.code(), named.err());
    assertTrue(named.out().contains("| users | host | guest | guest / host |"), named.out());

    // Runs with one name are iterations of one configuration, compared with a significance test.
    CliRun iterations =
        CliRun.of(
            "compare",
            bare.toString(),
            bare.toString(),
            sriov.toString(),
            sriov.toString(),
            "--names",
            "host,host,guest,guest",
            "--output",
            dir.resolve("iterations").toString());
    assertEquals(0, iterations.code(), iterations.err());
    assertTrue(iterations.out().contains("| guest vs host |"), iterations.out());
    assertTrue(iterations.out().contains("2 vs 2 runs)"), iterations.out());
    assertTrue(
        Files.readString(dir.resolve("iterations").resolve("comparison.html"))
            .contains("guest vs host"));
  }

  /**
   * Campaign runs on two machines at once (a run directory of {@code 1-m1/} and {@code 2-m2/}):
   * each configuration's total is the clients' sum, and comparison.html draws each machine's rate
   * stacked with the total, with the numbers of the clients' own result.json.
   */
  @Test
  void runsOnSeveralMachinesShowEachClientStackedWithTheTotal() throws Exception {
    Path a = rr("a");
    Path b = rr("b");
    Map<String, Path[]> layout = Map.of("bridged", new Path[] {a, b}, "sriov", new Path[] {b, a});
    for (var e : layout.entrySet()) {
      for (int k = 0; k < 2; k++) {
        Path client = dir.resolve("campaign").resolve(e.getKey()).resolve((k + 1) + "-m" + (k + 1));
        Files.createDirectories(client);
        Files.copy(e.getValue()[k].resolve("result.json"), client.resolve("result.json"));
      }
    }
    Path report = dir.resolve("clients");
    CliRun r =
        CliRun.of(
            "compare",
            dir.resolve("campaign").resolve("bridged").toString(),
            dir.resolve("campaign").resolve("sriov").toString(),
            "--names",
            "bridged,sriov",
            "--output",
            report.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    RunResult ra = ResultJson.read(a.resolve("result.json"));
    RunResult rb = ResultJson.read(b.resolve("result.json"));
    assertTrue(
        ra.figures() == null
            || ra.figures().keySet().stream()
                .allMatch(
                    k -> k.startsWith("netperfLatencyUs ") || HeadlineFigures.isBookkeeping(k)),
        "net rr over TCP has no headline figures of its own (netperf latency comes from the rate,"
            + " its users' fairness is the client's bookkeeping): the per-client view is each"
            + " operation's rate");
    double rateA = ra.totals().get("rr users=1").ratePerSec();
    double rateB = rb.totals().get("rr users=1").ratePerSec();
    assertTrue(r.out().contains("| bridged | 1 |") || r.out().contains("rr users=1"), r.out());
    Path html = report.resolve("comparison.html");
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
    assertEquals(0, check.get("requests").size(), check.toString());
    JsonNode clients = null;
    for (JsonNode d : check.get("drawn")) {
      assertTrue(d.get("pixels").asInt() > 0, "chart " + d.get("id") + " drawn: " + check);
      if (d.get("id").asText().equals("clients-0")) {
        clients = d.get("bars");
      }
    }
    assertTrue(clients != null, "a per-client chart: " + check);
    assertEquals("m1", clients.get(0).get("name").asText());
    assertEquals("m2", clients.get(1).get("name").asText());
    assertEquals("total", clients.get(2).get("name").asText());
    double[][] expected = {{rateA, rateB}, {rateB, rateA}}; // [configuration][client]
    for (int g = 0; g < 2; g++) {
      for (int k = 0; k < 2; k++) {
        // charts carry 3-4 significant digits
        assertEquals(
            expected[g][k], clients.get(k).get("values").get(g).asDouble(), 1e-3 * expected[g][k]);
        assertEquals("clients", clients.get(k).get("stack").asText());
        assertTrue(clients.get(k).get("pixels").asInt() > 0, "client bars drawn");
      }
      assertEquals(
          rateA + rateB, clients.get(2).get("values").get(g).asDouble(), 1e-3 * (rateA + rateB));
    }
    // The total is what the tables compare: the clients' sum.
    String md = Files.readString(report.resolve("comparison.md"));
    assertTrue(md.contains("| sriov / bridged |"), md);
    assertTrue(md.contains("| configuration | m1 | m2 | total |"), "per-client table: " + md);
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "comparison-clients.png"), 1280, 3600);
  }

  @Test
  void badInputIsOneLineWithExitCodeTwo() throws Exception {
    Path notJson = Files.writeString(dir.resolve("notes.json"), "hello");
    String[][] cases = {
      {"compare", dir.toString()},
      {"compare", dir.resolve("nothing").toString(), dir.resolve("nothing2").toString()},
      {"compare", notJson.toString(), notJson.toString()},
    };
    String[] expected = {"give two runs or more", "no result.json there", "not JSON at line 1"};
    for (int i = 0; i < cases.length; i++) {
      CliRun r = CliRun.of(cases[i]);
      assertEquals(2, r.code(), String.join(" ", cases[i]) + ": " + r.err());
      assertTrue(r.err().contains(expected[i]), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertFalse(r.err().contains("Exception"), r.err());
    }
    Path run = rr("only");
    CliRun names = CliRun.of("compare", run.toString(), run.toString(), "--names", "a");
    assertEquals(2, names.code());
    assertTrue(names.err().contains("--names: 1 names for 2 runs"), names.err());
  }
}
