package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.report.RunWarnings;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Numbers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The demo index shows each step's own numbers, and counts as whole numbers. */
@Timeout(120)
class DemoIndexTest {
  @TempDir Path dir;

  @Test
  void amqpThroughputRowEqualsTheStepsOwnTable() throws Exception {
    CliRun o =
        CliRun.of(
            "demo",
            "--only",
            "amqp-throughput",
            "--duration",
            "2s",
            "--output",
            dir.toString(),
            "--quiet");
    assertEquals(0, o.code(), o.out() + o.err());
    String index = Files.readString(dir.resolve("summary.md"));
    RunResult r = ResultJson.read(dir.resolve("amqp-throughput").resolve("result.json"));
    String op = r.totals().keySet().stream().filter(k -> k.startsWith("publish")).findFirst().get();
    double own = r.figures().get(op.replaceFirst("^(\\S+)", "$1Rate"));
    Matcher row = Pattern.compile("\\| " + Pattern.quote(op) + " \\| ([^|]+) \\|").matcher(index);
    assertTrue(row.find(), index);
    assertEquals(Numbers.format(own), row.group(1).trim(), index);
    // The status says what result.json says, warnings (a saturated load generator) included.
    String status = r.status().jsonName() + RunWarnings.statusSuffix(r);
    assertTrue(index.contains("| amqp-throughput | " + status + " | " + op + " |"), index);
    // Counts print whole (5001, not 5001.0); a rate such as 12.98 MB/s may print 13.0 (3 digits).
    assertFalse(
        Pattern.compile(" \\d{3,}\\.0;").matcher(index).find(), "counts are whole: " + index);
    // Headline figures only: no bookkeeping, none that is zero (nothing was lost).
    assertTrue(r.figures().containsKey("queuesDeleted") && r.figures().get("lost") == 0, "" + r);
    assertFalse(index.contains("queuesDeleted"), index);
    assertFalse(index.contains("lost 0;"), index);
    assertTrue(index.contains("transfersPerSec"), index);
  }
}
