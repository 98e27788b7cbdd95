package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.junit.JunitFiles;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --criteria} on AMQP runs against the embedded broker: each run has criteria that hold
 * (operation and workload figures) and one that cannot, which fails it with the measured value.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpCriteriaTest {
  @TempDir Path dir;

  @Test
  void latencyChecksLatencyAndMessagesPerSize() throws Exception {
    Path junit = dir.resolve("latency.xml");
    CliRun r =
        CliRun.of(
            "amqp",
            "latency",
            "--size",
            "64",
            "--rate",
            "200",
            "--rate-tolerance",
            "1%", // criteria are under test, not the rate: a busy machine may not hold 200/s
            "--count",
            "100",
            "--output",
            dir.resolve("l").toString(),
            "--criteria",
            "latency:p99Ms<60000, sent==100, received>=100, latency size=64:p50Us<0",
            "--junit",
            junit.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(dir.resolve("l/result.json"));
    assertEquals(RunStatus.FAILED, result.status());
    List<CriterionVerdict> v = result.criteria();
    assertEquals(4, v.size(), v.toString());
    assertEquals("latency size=64", v.get(0).operation());
    assertEquals("size=64", v.get(1).operation());
    assertEquals(100.0, v.get(1).measured());
    assertTrue(v.get(0).passed() && v.get(1).passed() && v.get(2).passed(), v.toString());
    assertFalse(v.get(3).passed());
    assertEquals(result.totals().get("latency size=64").latencyUs().p50(), v.get(3).measured());
    assertTrue(
        result.statusReason().startsWith("criteria not met: latency size=64: p50Us<0: measured"),
        result.statusReason());
    List<JunitFiles.ReadCase> cases = JunitFiles.read(junit);
    assertEquals("passed", JunitFiles.named(cases, "size=64: sent==100").outcome());
    assertEquals("failure", JunitFiles.named(cases, "latency size=64: p50Us<0").outcome());
  }

  @Test
  void throughputChecksRatesPerSizeAndLostMessages() throws Exception {
    CliRun r =
        CliRun.of(
            "amqp",
            "throughput",
            "--size",
            "32",
            "--count",
            "300",
            "--iterations",
            "1",
            "--output",
            dir.resolve("t").toString(),
            "--quiet",
            "--criteria",
            "transfersPerSec>0,lost==0,errors==0",
            "--criteria",
            "publish:rate>1e12");
    assertEquals(1, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(dir.resolve("t/result.json"));
    List<CriterionVerdict> v = result.criteria();
    assertEquals(
        List.of(true, true, true, true, false),
        v.stream().map(CriterionVerdict::passed).toList(),
        v.toString());
    assertEquals("size=32", v.get(0).operation());
    assertEquals(result.figures().get("transfersPerSec size=32"), v.get(0).measured());
    assertEquals("publish size=32", v.get(4).operation());
    assertTrue(r.out().contains("criterion FAILED: publish size=32: rate>1e12: measured"), r.out());
  }

  @Test
  void aFigureOfAnotherWorkloadIsRefusedBeforeTheBrokerIsContacted() {
    CliRun r =
        CliRun.of(
            "amqp",
            "throughput",
            "--broker",
            "amqp://127.0.0.1:1",
            "--criteria",
            "sent>=1",
            "--output",
            dir.resolve("none").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--criteria: 'sent>=1': unknown figure 'sent'"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }
}
