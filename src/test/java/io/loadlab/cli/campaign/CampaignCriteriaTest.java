package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import io.loadlab.core.junit.JunitFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose steps have criteria (net rr on loopback, one iteration each): one step's run
 * meets them, the other's cannot; junit.xml has a suite per step with a case per run and verdict.
 */
@Timeout(120)
class CampaignCriteriaTest {
  @TempDir Path dir;

  @Test
  void junitXmlHasOneFailingRunWithItsMeasuredValue() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: gates
        iterations: 1
        steps:
          - name: held
            run: net rr
            options: {duration: 500ms, interval: 250ms}
            criteria: errors==0
          - name: missed
            run: net rr
            options: {duration: 500ms, interval: 250ms}
            criteria: [errors==0, "rr users=1:p50Us<0"]
        """);
    Path out = dir.resolve("out");
    Path copy = dir.resolve("ci/junit.xml");
    Files.createDirectories(copy.getParent());
    CliRun run =
        CliRun.of(
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString(),
            "--junit",
            copy.toString());
    assertEquals(1, run.code(), run.out() + run.err());
    assertTrue(run.out().contains("--criteria errors==0,rr users=1:p50Us<0"), run.out());

    List<JunitFiles.ReadCase> cases = JunitFiles.read(out.resolve("junit.xml"));
    assertEquals(Files.readString(out.resolve("junit.xml")), Files.readString(copy));
    // Both layouts, in the campaign directory and in the copy: a Surefire file per suite.
    assertEquals(cases, JunitFiles.read(copy));
    try (var files = Files.list(dir.resolve("ci/junit"))) {
      assertEquals(
          List.of("TEST-loadlab-gates_here_held.xml", "TEST-loadlab-gates_here_missed.xml"),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
    assertEquals(5, cases.size(), cases.toString());
    assertEquals("gates: here/held", cases.get(0).suite());
    assertEquals("passed", JunitFiles.named(cases, "iteration 1").outcome());
    JunitFiles.ReadCase missedRun = cases.get(2);
    assertEquals("gates: here/missed", missedRun.suite());
    assertEquals("iteration 1", missedRun.name());
    // The run failed only by its criterion: that case is the one failure, the run's case says why.
    assertEquals("passed", missedRun.outcome());
    assertTrue(missedRun.out().contains("criteria not met: rr users=1: p50Us<0"), missedRun.out());
    JunitFiles.ReadCase verdict = JunitFiles.named(cases, "iteration 1: rr users=1: p50Us<0");
    assertTrue(
        verdict.message().matches("rr users=1: p50Us<0: measured [0-9.,]+"), verdict.message());
    long failures = cases.stream().filter(c -> c.outcome().equals("failure")).count();
    assertEquals(1, failures, "the missed run's criterion: " + cases);

    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    JsonNode missed = m.get("runs").get(1);
    assertEquals("failed", missed.get("status").asText());
    assertEquals(2, missed.get("criteria").size());
    assertTrue(missed.get("criteria").get(1).get("measured").isNumber(), missed.toString());
    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("## Criteria\n\n2 verdicts held, 1 failed"), report);
    assertTrue(report.contains("| `here/missed/-/1` | rr users=1: p50Us<0 |"), report);

    // The report command rewrites the same junit.xml from campaign.json alone.
    Files.delete(out.resolve("junit.xml"));
    assertEquals(0, CliRun.of("campaign", "report", out.toString()).code());
    assertEquals(cases, JunitFiles.read(out.resolve("junit.xml")));
  }
}
