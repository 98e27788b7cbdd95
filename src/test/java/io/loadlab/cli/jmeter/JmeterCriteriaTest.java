package io.loadlab.cli.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmeter run --criteria --junit} with the real JMeter that jmeter-maven-plugin assembled:
 * the example plan's {@code debug} samples judged like any run's operations.
 */
public class JmeterCriteriaTest {
  @TempDir Path dir;

  /** The example plan: JMeter's own elements only. */
  public static final Path PLAN =
      Path.of(System.getProperty("user.dir")).resolveSibling("examples/jmeter-plan/plan.jmx");

  /** The real JMeter the dist build assembled. */
  public static Path jmeterHome() throws Exception {
    String config = System.getProperty("loadlab.jmeter.config");
    assertTrue(
        config != null && Files.isRegularFile(Path.of(config)),
        "JMeter is assembled by jmeter-maven-plugin during the dist build; run through Maven"
            + " (config: "
            + config
            + ")");
    JsonNode c = new ObjectMapper().readTree(Path.of(config).toFile());
    return Path.of(c.get("configurations").get(0).get("jmeterDirectoryPath").asText());
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void thePlansSamplesAreJudgedAndAFailedCriterionIsExitOne() throws Exception {
    Path out = dir.resolve("run");
    Path junit = dir.resolve("junit.xml");
    CliRun r =
        CliRun.of(
            "jmeter",
            "run",
            "--plan",
            PLAN.toString(),
            "--jmeter",
            jmeterHome().toString(),
            "-Jthreads=1",
            "-Jloops=3",
            "-Jthink=1",
            "--quiet",
            "--output",
            out.toString(),
            "--criteria",
            "debug:count==3,errors==0,p99Ms<0",
            "--junit",
            junit.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.FAILED, result.status());
    assertEquals(
        List.of(true, true, false),
        result.criteria().stream().map(CriterionVerdict::passed).toList(),
        result.criteria().toString());
    assertTrue(
        result.statusReason().startsWith("criteria not met: debug: p99Ms<0: measured "),
        result.statusReason());
    assertTrue(r.out().contains("criterion FAILED: debug: p99Ms<0"), r.out());
    List<JunitFiles.ReadCase> cases = JunitFiles.read(junit);
    assertEquals("jmeter", cases.get(0).suite());
    assertEquals("passed", JunitFiles.named(cases, "debug: count==3").outcome());
    assertEquals("failure", JunitFiles.named(cases, "debug: p99Ms<0").outcome());
  }

  @Test
  @Timeout(30)
  void aBadCriterionIsRefusedBeforeJmeterStarts() throws Exception {
    Path out = dir.resolve("refused");
    CliRun r =
        CliRun.of(
            "jmeter",
            "run",
            "--plan",
            PLAN.toString(),
            "--jmeter",
            jmeterHome().toString(),
            "--output",
            out.toString(),
            "--criteria",
            "opm>=1");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--criteria: 'opm>=1': unknown figure 'opm'"), r.err());
    assertFalse(Files.exists(out));
  }
}
