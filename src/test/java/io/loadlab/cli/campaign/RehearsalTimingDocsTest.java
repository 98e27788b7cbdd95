package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/campaigns.md's table of the rehearsals' timings stays in step with the rehearsals: each
 * row's runs and default plan are what {@code campaign plan} says of the file today, and every
 * rehearsal that plans here has its row.
 */
@Timeout(300)
class RehearsalTimingDocsTest {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final Pattern ROW =
      Pattern.compile("^\\| `(examples/[^`]+)` \\| ([^|]+?) \\| ([^|]+?) \\|.*$");
  private static final Pattern PLANNED = Pattern.compile("= (\\d+) runs, (about [0-9hms]+)");

  /**
   * The rehearsals that plan on any machine (JMeter's needs its home; SSH's, its keys; DS2's, its
   * databases' password).
   */
  static final List<String> REHEARSALS =
      List.of(
          "examples/net-transactions/rehearsal.yaml",
          "examples/virtual-net-latency/rehearsal.yaml",
          "examples/amqp-sriov/rehearsal.yaml",
          "examples/amqp-sriov/rehearsal-throughput.yaml",
          "examples/amqp-interconnects/rehearsal.yaml");

  @TempDir Path dir;

  @Test
  void eachRowSaysWhatThePlanSaysToday() throws Exception {
    List<String> rows = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (String line : Files.readAllLines(ROOT.resolve("docs/campaigns.md"))) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        rows.add(line);
        files.add(m.group(1));
      }
    }
    assertEquals(REHEARSALS, files, "one row per rehearsal, in this order");
    List<String> wrong = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Matcher row = ROW.matcher(rows.get(i));
      assertTrue(row.matches());
      CliRun r =
          CliRun.of(
              "campaign",
              "plan",
              ROOT.resolve(row.group(1)).toString(),
              "--output",
              dir.resolve("o" + i).toString());
      assertEquals(0, r.code(), r.out() + r.err());
      Matcher planned = PLANNED.matcher(r.out());
      assertTrue(planned.find(), r.out());
      String runs = planned.group(1);
      String estimate = planned.group(2).strip();
      if (!runs.equals(row.group(2)) || !estimate.equals(row.group(3).strip())) {
        wrong.add(row.group(1) + ": plan says " + runs + " runs, " + estimate);
      }
    }
    assertEquals(List.of(), wrong, "docs/campaigns.md's rehearsal table is stale");
  }
}
