package io.loadlab.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.junit.JunitFiles;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code loadlab report --jtl FILE --criteria ... --junit FILE} on a JMeter plan's results. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ReportCriteriaTest {
  @TempDir Path dir;
  private Path jtl;

  @BeforeEach
  void jtl() throws Exception {
    // login: 12 ms ok and a 30 ms error (latency is of successful samples); "search, all": 7 ms (a
    // label with a comma).
    jtl =
        Files.writeString(
            dir.resolve("run.jtl"),
            "timeStamp,elapsed,label,responseCode,success,bytes,sentBytes\n"
                + "1700000000000,12,login,200,true,100,10\n"
                + "1700000000400,30,login,500,false,100,10\n"
                + "1700000001200,7,\"search, all\",200,true,100,10\n");
  }

  @Test
  void criteriaThatHoldKeepExitZero() throws Exception {
    Path out = dir.resolve("ok");
    CliRun r =
        CliRun.of(
            "report",
            "--jtl",
            jtl.toString(),
            "--output",
            out.toString(),
            "--criteria",
            "search, all:p99Ms<=7,login:errorPercent<=50,count>=1");
    assertEquals(0, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.OK, result.status());
    assertEquals(4, result.criteria().size(), result.criteria().toString());
    assertTrue(result.criteria().stream().allMatch(CriterionVerdict::passed));
    assertEquals(7.0, result.criteria().get(0).measured(), 1e-9);
    assertTrue(r.out().contains("criterion ok: search, all: p99Ms<=7: measured 7"), r.out());
  }

  @Test
  void aFailedCriterionIsExitOneWithTheVerdictsPrintedAndInJunit() throws Exception {
    Path out = dir.resolve("failed");
    Path junit = dir.resolve("junit.xml");
    CliRun r =
        CliRun.of(
            "report",
            "--jtl",
            jtl.toString(),
            "--output",
            out.toString(),
            "--criteria",
            "login:errors==0",
            "--criteria",
            "p99Ms<10",
            "--junit",
            junit.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.FAILED, result.status());
    assertEquals(
        "criteria not met: login: errors==0: measured 1; login: p99Ms<10: measured 12",
        result.statusReason());
    assertTrue(r.out().contains("criterion FAILED: login: errors==0: measured 1"), r.out());
    assertTrue(r.out().contains("criterion ok: search, all: p99Ms<10: measured 7"), r.out());
    List<JunitFiles.ReadCase> cases = JunitFiles.read(junit);
    assertEquals(4, cases.size(), cases.toString());
    assertEquals("jmeter", cases.get(0).suite());
    assertEquals(
        "login: p99Ms<10: measured 12", JunitFiles.named(cases, "login: p99Ms<10").message());
    assertEquals("passed", JunitFiles.named(cases, "search, all: p99Ms<10").outcome());
    assertTrue(Files.readString(out.resolve("summary.md")).contains("## Criteria"));
  }

  @Test
  void badCriteriaAreRefusedBeforeAnythingIsWritten() {
    Path out = dir.resolve("refused");
    CliRun r =
        CliRun.of(
            "report", "--jtl", jtl.toString(), "--output", out.toString(), "--criteria", "p99<1");
    assertEquals(2, r.code(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(
        r.err().contains("--criteria: 'p99<1': unknown figure 'p99'; did you mean"), r.err());
    assertFalse(Files.exists(out));
  }
}
