package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.cli.CliRun;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --influx}: a real InfluxDB 1.x (Debian's) takes a run's intervals in the schema of
 * JMeter's Backend Listener, and answers the InfluxQL queries of JMeter's Grafana dashboards (4026
 * and its kind) with the run's own figures; an InfluxDB that goes away mid-run is said once and
 * loses nothing once it is back.
 */
@Timeout(300)
class InfluxJmeterSchemaTest {
  private static final String OP = "rr users=1";
  private static final String APP = "/^loadlab$/";

  @TempDir Path dir;

  @Test
  void jmeterDashboardQueriesShowTheRunsIntervals() throws Exception {
    try (LocalInflux influx = LocalInflux.start(dir, "jmeter")) {
      Path out = dir.resolve("run");
      CliRun r =
          CliRun.of(
              "net",
              "rr",
              "--rate",
              "300",
              "--rate-tolerance",
              "10%",
              "--duration",
              "5s",
              "--interval",
              "1s",
              "--output",
              out.toString(),
              "--quiet",
              "--label",
              "nightly rr",
              "--influx",
              influx.writeUrl("jmeter"),
              "--metrics-label",
              "campaign=nightly");
      assertEquals(0, r.code(), r.err());
      assertFalse(r.err().contains("InfluxDB"), r.err());
      RunResult result = ResultJson.read(out.resolve("result.json"));

      // The dashboards' variables.
      assertEquals(
          List.of("loadlab"),
          values(
              influx.query("jmeter", "SHOW TAG VALUES FROM \"jmeter\" WITH KEY = \"application\""),
              1));
      assertEquals(
          List.of("all", OP),
          values(
              influx.query(
                  "jmeter",
                  "SHOW TAG VALUES FROM \"jmeter\" WITH KEY = \"transaction\" WHERE"
                      + " \"application\" =~ "
                      + APP),
              1));
      // Throughput and errors over every transaction: no interval lost.
      long count = 0;
      long errors = 0;
      for (IntervalSample i : result.intervals()) {
        for (OperationStats s : i.operations().values()) {
          count += s.count();
          errors += s.errors();
        }
      }
      assertEquals(
          (double) count,
          single(
              influx.query(
                  "jmeter",
                  "SELECT sum(\"count\") FROM \"jmeter\" WHERE \"application\" =~ "
                      + APP
                      + " AND \"transaction\" = 'all' AND \"statut\" = 'all' AND time > now() - 1h")));
      assertEquals(
          (double) errors,
          single(
              influx.query(
                  "jmeter",
                  "SELECT sum(\"countError\") FROM \"jmeter\" WHERE \"application\" =~ "
                      + APP
                      + " AND \"transaction\" = 'all' AND time > now() - 1h")));
      assertFalse(
          values(
                  influx.query(
                      "jmeter",
                      "SELECT last(\"count\") / 1 FROM \"jmeter\" WHERE \"transaction\" = 'all'"
                          + " AND time > now() - 1h GROUP BY time(1s) fill(none)"),
                  1)
              .isEmpty(),
          "the throughput panel's query");
      // Per transaction: each interval's p99 and mean, in ms, as result.json has them.
      List<String> p99 =
          values(
              influx.query(
                  "jmeter",
                  "SELECT \"pct99.0\", \"avg\" FROM \"jmeter\" WHERE \"application\" =~ "
                      + APP
                      + " AND \"transaction\" =~ /^rr users=1$/ AND \"statut\" = 'ok'"
                      + " AND time > now() - 1h"),
              1);
      List<String> expected = new ArrayList<>();
      for (IntervalSample i : result.intervals()) {
        OperationStats s = i.operations().get(OP);
        if (s != null && s.count() - s.errors() > 0) {
          expected.add(String.valueOf(s.latencyUs().p99() / 1_000.0));
        }
      }
      assertEquals(expected.size(), p99.size(), "one ok point per interval: " + p99);
      for (int k = 0; k < expected.size(); k++) {
        assertEquals(Double.parseDouble(expected.get(k)), Double.parseDouble(p99.get(k)), 1e-6);
      }
      assertFalse(
          values(
                  influx.query(
                      "jmeter",
                      "SELECT mean(\"pct95.0\") FROM \"jmeter\" WHERE \"application\" =~ "
                          + APP
                          + " AND \"transaction\" =~ /^rr users=1$/ AND \"statut\" = 'all' AND"
                          + " time > now() - 1h GROUP BY time(1s) fill(none)"),
                  1)
              .isEmpty(),
          "the response-time panel's query");
      // The start and end annotations.
      assertEquals(
          List.of("nightly rr started", "nightly rr ended"),
          values(
              influx.query(
                  "jmeter",
                  "SELECT \"text\" FROM \"events\" WHERE \"application\" =~ "
                      + APP
                      + " AND time > now() - 1h"),
              1));
      assertEquals(
          List.of("nightly"),
          values(
              influx.query("jmeter", "SHOW TAG VALUES FROM \"jmeter\" WITH KEY = \"campaign\""), 1),
          "--metrics-label is a tag too");
    }
  }

  @Test
  void influxGoneMidRunIsSaidOnceAndItsPointsAreSentWhenItIsBack() throws Exception {
    try (LocalInflux influx = LocalInflux.start(dir, "jmeter")) {
      Path out = dir.resolve("run");
      BackgroundRun run =
          BackgroundRun.start(
              "net",
              "rr",
              "--rate",
              "300",
              "--rate-tolerance",
              "10%",
              "--duration",
              "20s",
              "--interval",
              "1s",
              "--output",
              out.toString(),
              "--quiet",
              "--influx",
              influx.writeUrl("jmeter"));
      String countQuery =
          "SELECT count(\"count\") FROM \"jmeter\" WHERE \"transaction\" = 'all' AND time > now() - 1h";
      while (!run.done() && single(influx.query("jmeter", countQuery)) < 2) {
        Thread.sleep(200);
      }
      influx.kill();
      Thread.sleep(3_000);
      assertFalse(run.done(), "the run goes on: " + run.err());
      influx.startAgain();
      assertEquals(0, run.await(), run.err());
      assertEquals(1, occurrences(run.err(), "InfluxDB at"), "said once: " + run.err());
      assertTrue(run.err().contains("cannot be written"), run.err());
      RunResult result = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.OK, result.status());
      long count =
          result.intervals().stream()
              .flatMap(i -> i.operations().values().stream())
              .mapToLong(OperationStats::count)
              .sum();
      assertEquals(
          (double) count,
          single(
              influx.query(
                  "jmeter",
                  "SELECT sum(\"count\") FROM \"jmeter\" WHERE \"transaction\" = 'all' AND"
                      + " time > now() - 1h")),
          "every interval reached InfluxDB once it was back");
    }
  }

  @Test
  void anInfluxDbThatIsDownIsSaidOnceAndTheRunGoesOn() throws Exception {
    Path out = dir.resolve("run");
    int nobody;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      nobody = s.getLocalPort();
    }
    CliRun r =
        CliRun.of(
            "net",
            "rr",
            "--rate",
            "200",
            "--rate-tolerance",
            "10%",
            "--duration",
            "3s",
            "--interval",
            "500ms",
            "--output",
            out.toString(),
            "--quiet",
            "--influx",
            "http://127.0.0.1:" + nobody + "/write?db=jmeter");
    assertEquals(0, r.code(), r.err());
    assertEquals(1, occurrences(r.err(), "InfluxDB at"), r.err());
    assertEquals(RunStatus.OK, ResultJson.read(out.resolve("result.json")).status());
  }

  @Test
  void aPasswordInTheUrlIsRefused() {
    CliRun r =
        CliRun.of(
            "net",
            "rr",
            "--duration",
            "1s",
            "--output",
            dir.resolve("x").toString(),
            "--influx",
            "http://127.0.0.1:8086/write?db=jmeter&u=me&p=secret");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--influx"), r.err());
    assertFalse(r.err().contains("secret"), r.err());
  }

  private static int occurrences(String text, String part) {
    int n = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      n++;
    }
    return n;
  }

  /** Column {@code column} of every row of the first series, as text. */
  static List<String> values(JsonNode series, int column) {
    List<String> out = new ArrayList<>();
    for (JsonNode row : series.path(0).path("values")) {
      out.add(row.get(column).asText());
    }
    return out;
  }

  static double single(JsonNode series) {
    JsonNode values = series.path(0).path("values");
    return values.isEmpty() ? 0 : values.get(0).get(1).asDouble();
  }
}
