package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Estimates from measurements: a small local net rr campaign (a {@code net serve} service, a setup
 * command writing DS2's CSV files, then two runs of 1 s) is planned, run, and planned again.
 * campaign.json records the configuration's bring-up, services, setup and bring-down and each run's
 * overhead; the second plan estimates from them, and the ETA while it ran came from the runs done.
 */
@Timeout(150)
class CampaignEstimateTest {
  @TempDir Path dir;

  private static final Pattern PROGRESS =
      Pattern.compile("\\[1/2] served · rr · iteration 1/2 · ([0-9.]+) s · ok · ETA (\\S+)");
  private static final Pattern STEP =
      Pattern.compile("~([0-9]+) s a run \\(([0-9]+) s start-up\\)");
  private static final Pattern TOTAL =
      Pattern.compile(
          "= 2 runs, about (\\S+): runs (\\S+), start-up of runs (\\S+), configurations (\\S+)"
              + " \\(1 service, 1 setup command\\) \\(");

  @Test
  void planAfterARunEstimatesFromItsMeasuredRunsAndConfiguration() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: measured
        iterations: 2
        configurations:
          - name: served
            services: [{run: net serve, options: {port: %d}, ready-port: %d}]
            setup:
              - {run: ds2 generate, options: {db-size: 10MB, out: %s}}
        steps:
          - name: rr
            run: net rr
            options: {host: 127.0.0.1, port: %d, duration: 1s, interval: 200ms}
        """
            .formatted(port, port, dir.resolve("ds2-csv"), port));
    Path out = dir.resolve("out");
    CliRun before = CliRun.of("campaign", "plan", file.toString(), "--output", out.toString());
    assertEquals(0, before.code(), before.out() + before.err());
    assertTrue(
        before.out().contains("~3 s a run (2 s start-up)\n"),
        "1 s + 1.5 s start-up + 0.2 s bookkeeping: " + before.out());
    assertTrue(
        before
            .out()
            .contains(
                "around its runs ~4s: bring-up 0s, services 1s, setup 3s,"
                    + " bring-down 0s (defaults)"),
        before.out());
    assertTrue(
        before.out().contains("(from the steps' durations and the defaults; no "), before.out());
    Matcher planned = TOTAL.matcher(before.out());
    assertTrue(planned.find(), before.out());
    assertEquals(2 * 2.7 + 3.75, seconds(planned.group(1)), 0.51, planned.group());

    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    Matcher p = PROGRESS.matcher(run.out());
    assertTrue(p.find(), run.out());

    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    JsonNode took = m.get("configurationTimes").get("served");
    assertTrue(took != null, m.toString());
    for (String part :
        new String[] {"upSeconds", "servicesSeconds", "setupSeconds", "downSeconds"}) {
      assertTrue(took.get(part).isNumber(), part + ": " + took);
    }
    assertTrue(took.get("upSeconds").asDouble() < 1, "this machine as it is: " + took);
    assertTrue(took.get("servicesSeconds").asDouble() > 0.1, "a JVM until ready: " + took);
    assertTrue(took.get("setupSeconds").asDouble() > 0.05, "a JVM writing CSV files: " + took);
    double mean = 0;
    double overhead = 0;
    double bookkeeping = 0;
    for (JsonNode r : m.get("runs")) {
      double wall = r.get("seconds").asDouble();
      double over = r.get("overheadSeconds").asDouble();
      JsonNode result =
          new ObjectMapper()
              .readTree(out.resolve(r.get("dir").asText()).resolve("result.json").toFile());
      double own =
          Duration.between(
                      Instant.parse(result.get("startTime").asText()),
                      Instant.parse(result.get("endTime").asText()))
                  .toMillis()
              / 1000.0;
      assertEquals(wall - own, over, 0.002, "overhead = wall time - the run's own: " + r);
      assertTrue(own >= 1 && over > 0, r.toString());
      mean += wall / 2;
      overhead += over / 2;
      bookkeeping += r.get("bookkeepingMs").asDouble() / 1000 / 2;
    }
    // One run left after the first and then the configuration's bring-down (0 s for this
    // machine, not measured yet): the ETA is what the first one took, with its bookkeeping (within
    // a second, or a tenth of the run where a busy machine stretched it and its bookkeeping).
    // The progress line's time is the run's; its bookkeeping (writing its results, longer on a busy
    // machine) comes after it, and the ETA counts it too.
    double first = Double.parseDouble(p.group(1));
    double firstBookkeeping = m.get("runs").get(0).get("bookkeepingMs").asDouble() / 1000;
    double eta = seconds(p.group(2));
    double slack = Math.max(1.0, first / 10);
    assertTrue(
        eta >= first - slack && eta <= first + firstBookkeeping + slack,
        p.group() + " (bookkeeping of the first run: " + firstBookkeeping + " s)");

    CliRun after = CliRun.of("campaign", "plan", file.toString(), "--output", out.toString());
    assertEquals(0, after.code(), after.out() + after.err());
    assertTrue(after.out().contains("(measured: mean of 2 runs)"), after.out());
    assertTrue(
        after
            .out()
            .contains(
                "(from 2 measured runs and 1 configuration brought up in "
                    + out.resolve("campaign.json")
                    + ")"),
        after.out());
    assertTrue(after.out().contains("(measured)\n"), after.out());
    assertTrue(after.out().contains("2 runs done, about 0s left"), after.out());
    Matcher step = STEP.matcher(after.out());
    assertTrue(step.find(), after.out());
    assertEquals(mean + bookkeeping, Double.parseDouble(step.group(1)), 0.51, after.out());
    assertEquals(overhead + bookkeeping, Double.parseDouble(step.group(2)), 0.51, after.out());
    Matcher total = TOTAL.matcher(after.out());
    assertTrue(total.find(), after.out());
    double configuration =
        took.get("upSeconds").asDouble()
            + took.get("servicesSeconds").asDouble()
            + took.get("setupSeconds").asDouble()
            + took.get("downSeconds").asDouble();
    assertEquals(configuration, seconds(total.group(4)), 0.51, "measured: " + after.out());
    assertEquals(2 * (overhead + bookkeeping), seconds(total.group(3)), 0.51, after.out());
    assertEquals(
        2 * (mean + bookkeeping) + configuration, seconds(total.group(1)), 1.01, after.out());
  }

  /** Seconds of an ETA text: 45s, 3m05s, 2h10m. */
  private static double seconds(String eta) {
    Matcher m = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?").matcher(eta);
    assertTrue(m.matches(), eta);
    double s = 0;
    for (int g = 1; g <= 3; g++) {
      if (m.group(g) != null) {
        s += Integer.parseInt(m.group(g)) * new int[] {3600, 60, 1}[g - 1];
      }
    }
    return s;
  }
}
