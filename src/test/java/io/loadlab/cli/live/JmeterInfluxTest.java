package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.cli.jmeter.JmeterCriteriaTest;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmeter run --influx} with the real JMeter the dist build assembled and a real InfluxDB
 * (Debian's): a plan of JMeter's own elements (no loadlab listener) has its samples written, as its
 * JTL receives them, in the Backend Listener's schema; the dashboards' queries give the run's own
 * sample count, its transaction, and the start and end events.
 */
@Timeout(300)
class JmeterInfluxTest {
  @TempDir Path dir;

  @Test
  void aPlansSamplesReachInfluxDbInJmetersSchema() throws Exception {
    try (LocalInflux influx = LocalInflux.start(dir, "jmeter")) {
      Path out = dir.resolve("run");
      CliRun r =
          CliRun.of(
              "jmeter",
              "run",
              "--plan",
              JmeterCriteriaTest.PLAN.toString(),
              "--jmeter",
              JmeterCriteriaTest.jmeterHome().toString(),
              "-Jthreads=2",
              "-Jloops=20",
              "-Jthink=100",
              "--quiet",
              "--output",
              out.toString(),
              "--label",
              "nightly plan",
              "--influx",
              influx.writeUrl("jmeter"),
              "--influx-application",
              "checkout",
              "--metrics-label",
              "campaign=nightly");
      assertEquals(0, r.code(), r.out() + r.err());
      assertFalse(r.err().contains("InfluxDB"), r.err());
      RunResult result = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.OK, result.status());
      long count = result.totals().values().stream().mapToLong(OperationStats::count).sum();
      assertEquals(40, count, "threads x loops");

      String app = "\"application\" = 'checkout'";
      assertEquals(
          List.of("all", "debug"),
          InfluxJmeterSchemaTest.values(
              influx.query(
                  "jmeter",
                  "SHOW TAG VALUES FROM \"jmeter\" WITH KEY = \"transaction\" WHERE " + app),
              1));
      // Every sample of the JTL, once: per transaction and over all of them.
      for (String tx : List.of("debug", "all")) {
        assertEquals(
            (double) count,
            InfluxJmeterSchemaTest.single(
                influx.query(
                    "jmeter",
                    "SELECT sum(\"count\") FROM \"jmeter\" WHERE "
                        + app
                        + " AND \"transaction\" = '"
                        + tx
                        + "' AND \"statut\" = 'all' AND time > now() - 1h")),
            tx);
      }
      assertTrue(
          InfluxJmeterSchemaTest.values(
                      influx.query(
                          "jmeter",
                          "SELECT \"pct99.0\" FROM \"jmeter\" WHERE "
                              + app
                              + " AND \"transaction\" = 'debug' AND \"statut\" = 'ok'"
                              + " AND time > now() - 1h"),
                      1)
                  .size()
              >= 2,
          "more than one interval: written as the run went");
      assertEquals(
          List.of("nightly plan started", "nightly plan ended"),
          InfluxJmeterSchemaTest.values(
              influx.query(
                  "jmeter",
                  "SELECT \"text\" FROM \"events\" WHERE " + app + " AND time > now() - 1h"),
              1));
      assertEquals(
          List.of("nightly"),
          InfluxJmeterSchemaTest.values(
              influx.query("jmeter", "SHOW TAG VALUES FROM \"jmeter\" WITH KEY = \"campaign\""), 1),
          "--metrics-label is a tag too");
    }
  }

  @Test
  void aBadInfluxUrlIsRefusedBeforeJmeterStarts() throws Exception {
    Path out = dir.resolve("refused");
    CliRun r =
        CliRun.of(
            "jmeter",
            "run",
            "--plan",
            JmeterCriteriaTest.PLAN.toString(),
            "--jmeter",
            JmeterCriteriaTest.jmeterHome().toString(),
            "--output",
            out.toString(),
            "--influx",
            "ftp://127.0.0.1/write");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--influx:"), r.err());
    assertFalse(java.nio.file.Files.exists(out));
  }
}
