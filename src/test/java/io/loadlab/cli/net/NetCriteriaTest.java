package io.loadlab.cli.net;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --criteria} and {@code --junit} on net runs against a loopback server in-process. */
@Timeout(60)
class NetCriteriaTest {
  @TempDir Path dir;

  private CliRun rr(String out, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "net",
                "rr",
                "--duration",
                "500ms",
                "--interval",
                "250ms",
                "--quiet",
                "--output",
                dir.resolve(out).toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void criteriaThatHoldLeaveTheRunOkWithEachVerdictInResultJsonAndJunit() throws Exception {
    Path junit = dir.resolve("ci/junit.xml");
    CliRun r =
        rr(
            "ok",
            "--criteria",
            "errors==0, rate>0",
            "--criteria",
            "rr users=1:p99Ms<60000",
            "--junit",
            junit.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(dir.resolve("ok/result.json"));
    assertEquals(RunStatus.OK, result.status());
    List<CriterionVerdict> v = result.criteria();
    assertEquals(3, v.size(), v.toString());
    assertTrue(v.stream().allMatch(CriterionVerdict::passed), v.toString());
    assertEquals("rr users=1", v.get(2).operation());
    assertEquals(
        result.totals().get("rr users=1").latencyUs().p99() / 1000, v.get(2).measured(), 1e-9);
    assertTrue(r.out().contains("criterion ok: rr users=1: errors==0: measured 0"), r.out());

    List<JunitFiles.ReadCase> cases = JunitFiles.read(junit);
    assertEquals(4, cases.size(), cases.toString());
    assertEquals("net rr", cases.get(0).suite());
    assertEquals("passed", JunitFiles.named(cases, "status").outcome());
    assertEquals("passed", JunitFiles.named(cases, "rr users=1: p99Ms<60000").outcome());
  }

  @Test
  void aCriterionThatFailsFailsTheRunWithTheMeasuredValueEverywhere() throws Exception {
    Path junit = dir.resolve("junit.xml");
    CliRun r = rr("bad", "--criteria", "errors==0,p50Us<0", "--junit", junit.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(dir.resolve("bad/result.json"));
    assertEquals(RunStatus.FAILED, result.status());
    double p50 = result.totals().get("rr users=1").latencyUs().p50();
    CriterionVerdict failed = result.criteria().get(1);
    assertFalse(failed.passed());
    assertEquals(p50, failed.measured(), 1e-9);
    assertTrue(
        result.statusReason().startsWith("criteria not met: rr users=1: p50Us<0: measured "),
        result.statusReason());
    assertTrue(r.out().contains("criterion FAILED: rr users=1: p50Us<0: measured"), r.out());
    assertTrue(r.out().contains("status: failed (criteria not met"), r.out());

    JunitFiles.ReadCase c = JunitFiles.named(JunitFiles.read(junit), "rr users=1: p50Us<0");
    assertEquals("failure", c.outcome());
    assertEquals(failed.message(), c.message());
    // One failed criterion is one failure: the status case passes and says why the run failed.
    JunitFiles.ReadCase status = JunitFiles.named(JunitFiles.read(junit), "status");
    assertEquals("passed", status.outcome());
    assertTrue(status.out().contains("failed by its own check: criteria not met"), status.out());
    assertEquals(
        1,
        JunitFiles.read(junit).stream().filter(x -> x.outcome().equals("failure")).count(),
        "one failure");
    String md = Files.readString(dir.resolve("bad/summary.md"));
    assertTrue(md.contains("## Criteria"), md);
    assertTrue(md.contains("| rr users=1: p50Us<0 |"), md);
    assertTrue(md.contains("**FAILED**"), md);
    String html = Files.readString(dir.resolve("bad/report.html"));
    assertTrue(html.contains("Criteria") && html.contains("rr users=1: p50Us&lt;0"), "html");
  }

  @Test
  void aJunitFileWhoseSurefireDirectoryCannotBeMadeIsRefusedBeforeAnythingStarts()
      throws Exception {
    Files.writeString(dir.resolve("junit"), "a file where the Surefire files would go");
    Path junit = dir.resolve("junit.xml");
    CliRun r = rr("refused", "--junit", junit.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(
        r.err().contains("--junit (its Surefire-layout files): '")
            && r.err().contains("is a file, not a directory"),
        r.err());
    assertFalse(Files.exists(dir.resolve("refused")), "nothing started");
    assertFalse(Files.exists(junit));
  }

  @Test
  void udpFiguresAreCheckedPerOperation() throws Exception {
    CliRun r = rr("udp", "--protocol", "udp", "--users", "1,2", "--criteria", "lost<=1000000");
    assertEquals(0, r.code(), r.out() + r.err());
    List<CriterionVerdict> v = ResultJson.read(dir.resolve("udp/result.json")).criteria();
    assertEquals(
        List.of("rr users=1", "rr users=2"), v.stream().map(CriterionVerdict::operation).toList());
    assertTrue(v.stream().allMatch(CriterionVerdict::passed), v.toString());
  }

  @Test
  void badCriteriaAreRefusedWithOneLineBeforeAnythingStarts() {
    String[][] cases = {
      {"p99us<=2000", "unknown figure 'p99us'; did you mean p99Us?"},
      {"opm>=100", "unknown figure 'opm'"},
      {"errors=0", "write =="},
      {"p99Us<=2ms", "'2ms' is not a number"},
      {"p99Us<=1e400", "'1e400' is past the largest number"},
      {"p99Us>=-1e400", "'-1e400' is past the largest number"},
    };
    for (String[] c : cases) {
      CliRun r = rr("refused", "--criteria", c[0], "--junit", dir.resolve("j.xml").toString());
      assertEquals(2, r.code(), c[0] + ": " + r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().startsWith("loadlab: --criteria: '" + c[0] + "'"), r.err());
      assertTrue(r.err().contains(c[1]), r.err());
      assertEquals("", r.out(), "nothing ran");
      assertFalse(Files.exists(dir.resolve("refused")), "no run directory");
      assertFalse(Files.exists(dir.resolve("j.xml")), "no JUnit file");
    }
  }
}
