package io.loadlab.campaign.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.campaign.results.RunFigures;
import io.loadlab.campaign.run.ServicesTest;
import io.loadlab.cli.CliRun;
import io.loadlab.cli.campaign.CampaignJmeterTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's figures come from a chosen operation: its own {@code operation:} or its workload's
 * primary one, never a diagnostic that happens to come first; another operation's figure is named
 * ({@code transit.meanUs}); a figure that could come from several operations is refused at plan.
 */
@Timeout(240)
class StepOperationsTest {
  @TempDir Path dir;

  @Test
  void sendDelayFirstInTheResultIsNeverTheFigure() throws Exception {
    Files.writeString(
        dir.resolve("result.json"),
        """
        {"status":"ok","totals":{
          "send-delay size=8":{"ratePerSec":1000,"latencyUs":{"mean":7895}},
          "transit size=8":{"ratePerSec":1000,"latencyUs":{"mean":42119}},
          "latency size=8":{"ratePerSec":1000,"latencyUs":{"mean":50020}}}}
        """);
    assertEquals(42119.0, RunFigures.read(dir, null).figures().get("meanUs"), "no default");
    RunFigures f = RunFigures.read(dir, "latency", List.of("transit.meanUs", "send-delay.meanUs"));
    assertEquals(50020.0, f.figures().get("meanUs"));
    assertEquals(42119.0, f.figures().get("transit.meanUs"));
    assertEquals(7895.0, f.figures().get("send-delay.meanUs"), "named, it may be shown");
    assertEquals("transit size=8", f.others().get("transit"));
  }

  /**
   * A real paced amqp latency run on the embedded broker, its step naming no operation: the table
   * shows the latency mean (the workload's primary operation), its header says so, and transit
   * stands beside it as named; neither is the send-delay mean.
   */
  @Test
  void anAmqpLatencyStepWithoutOperationReportsLatencyNeverSendDelay() throws Exception {
    int port = ServicesTest.freePort();
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: amqp-operation
        iterations: 1
        configurations:
          - name: here
            services:
              - {run: broker, options: {host: 127.0.0.1, port: %d}, ready-port: %d}
        tables:
          - title: Latency
            rows: [size]
            values:
              - {step: latency, figure: meanUs, unit: µs, label: Latency}
              - {step: latency, figure: transit.meanUs, unit: µs, label: Transit}
        steps:
          - name: latency
            run: amqp latency
            options: {broker: "amqp://127.0.0.1:%d", rate: 100, warmup: 1s, duration: 2s}
            sweep: {size: [64]}
            figures: [meanUs, transit.meanUs, send-delay.meanUs]
        """
            .formatted(port, port, port));
    Path out = dir.resolve("out");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    ObjectMapper json = new ObjectMapper();
    JsonNode m = json.readTree(out.resolve("campaign.json").toFile());
    assertEquals("latency", m.get("steps").get(0).get("operation").asText());
    JsonNode r = m.get("runs").get(0);
    JsonNode totals =
        json.readTree(out.resolve(r.get("dir").asText()).resolve("result.json").toFile())
            .get("totals");
    double latency = totals.get("latency size=64").get("latencyUs").get("mean").asDouble();
    double transit = totals.get("transit size=64").get("latencyUs").get("mean").asDouble();
    double delay = totals.get("send-delay size=64").get("latencyUs").get("mean").asDouble();
    assertEquals(latency, r.get("figures").get("meanUs").asDouble(), 1e-9);
    assertEquals(transit, r.get("figures").get("transit.meanUs").asDouble(), 1e-9);
    assertEquals(delay, r.get("figures").get("send-delay.meanUs").asDouble(), 1e-9);
    assertNotEquals(delay, r.get("figures").get("meanUs").asDouble());
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("| size | Latency, latency (µs) | Transit (µs) |"), md);
    assertTrue(
        md.contains("): mean latency (measured, µs), latency (lower is better)"),
        "the step's own table names its operation: " + md);
    assertTrue(
        md.contains("): mean latency (measured, µs), transit (lower is better)"),
        "a named operation's figure says whose: " + md);
  }

  @Test
  void aTableFigureOfAnyOfSeveralOperationsIsRefusedAtPlan() throws Exception {
    Files.writeString(dir.resolve("plan.jmx"), Files.readString(CampaignJmeterTest.PLAN));
    Path file = dir.resolve("campaign.yaml");
    String campaign =
        """
        name: jmeter-which
        configurations: [{name: here}]
        tables:
          - {title: T, rows: [property.threads], values: [{step: plan, figure: %s}]}
        steps:
          - name: plan
            run: jmeter run
            options: {plan: plan.jmx, jmeter: "%s"}
            sweep: {property.threads: [1, 2]}
            figures: [rate, p99Us, home.p99Us]
        """;
    String home = CampaignJmeterTest.jmeterHome().toString();
    Files.writeString(file, campaign.formatted("p99Us", home));
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("campaign", "plan", file.toString(), "--output", out.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(
        r.err().contains("tables[0].values[0].figure: p99Us could come from any of the operations"),
        r.err());
    assertFalse(Files.exists(out.resolve("campaign.json")), "nothing started");

    Files.writeString(file, campaign.formatted("home.p99Us", home));
    CliRun named = CliRun.of("campaign", "plan", file.toString(), "--output", out.toString());
    assertEquals(0, named.code(), named.out() + named.err());
  }
}
