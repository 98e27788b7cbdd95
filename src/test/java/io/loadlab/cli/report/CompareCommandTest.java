package io.loadlab.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
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
    assertTrue(md.contains("| operation | bare-metal | sriov | sriov / bare-metal |"), md);
    assertTrue(md.lines().anyMatch(l -> l.startsWith("| rr users=2 |")), md);
    assertTrue(md.matches("(?s).*\\| rr users=1 \\|[^\\n]*[0-9.]+× \\|.*"), md);
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
    assertTrue(named.out().contains("| operation | host | guest | guest / host |"), named.out());

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

  @Test
  void badInputIsOneLineWithExitCodeTwo() throws Exception {
    Path notJson = Files.writeString(dir.resolve("notes.json"), "hello");
    String[][] cases = {
      {"compare", dir.toString()},
      {"compare", dir.resolve("nothing").toString(), dir.resolve("nothing2").toString()},
      {"compare", notJson.toString(), notJson.toString()},
    };
    String[] expected = {"give two runs or more", "no result.json there", "not a loadlab result"};
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
