package io.loadlab.campaign.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each rehearsal's plan on defaults against what the rehearsal took on a quiet machine (issue 49:
 * "each time estimate within 1.5× of the measured time"): the campaign's total, every part of every
 * configuration (lab up, services until ready, setup commands, lab down) and each step's run (its
 * start-up and bookkeeping included). The measurements are in {@code quiet-rehearsal-times.csv}
 * beside this class, one row per figure, taken from the campaigns' own campaign.json (how they were
 * measured: docs/campaigns.md, "The rehearsals measured"). A part under a second or two is within 1
 * s instead, where a ratio of small numbers says nothing.
 *
 * <p>The DS2 rehearsal's databases are planned on fresh data directories, as measured (the first
 * configuration initialises and loads them, the second finds them kept), whatever this machine's
 * {@code /tmp} holds from an earlier rehearsal.
 */
@Timeout(120)
class QuietRehearsalTimesTest {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final double RATIO = 1.5;
  private static final double SLACK_SECONDS = 1;

  @TempDir Path dir;

  @Test
  void everyEstimateIsWithinOneAndAHalfTimesOfTheQuietMeasurement() throws IOException {
    Map<String, List<String[]>> byFile = measurements();
    assertFalse(byFile.isEmpty(), "quiet-rehearsal-times.csv has rows");
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, List<String[]>> e : byFile.entrySet()) {
      Campaign c = freshData(CampaignValidator.read(ROOT.resolve(e.getKey()), args -> {}));
      ConfigurationTimes confTimes = new ConfigurationTimes().in(c.configurations());
      RunTimes times = new RunTimes();
      for (String[] row : e.getValue()) {
        double measured = Double.parseDouble(row[3]);
        double planned = planned(c, confTimes, times, row[1], row[2]);
        if (!close(planned, measured)) {
          wrong.add(
              String.format(
                  Locale.ROOT,
                  "%s %s %s: planned %.1f s, measured %.1f s (%.2f×)",
                  e.getKey(),
                  row[1],
                  row[2],
                  planned,
                  measured,
                  planned / measured));
        }
      }
    }
    assertEquals(List.of(), wrong, "estimates more than 1.5× off a quiet machine's times");
  }

  @Test
  void theToleranceIsOneAndAHalfTimesEitherWayOrASecond() {
    assertFalse(close(20, 6), "the broker's old 5 s × 4 against 6 s measured");
    assertFalse(close(6, 12));
    assertEquals(true, close(14, 10));
    assertEquals(true, close(10, 14));
    assertEquals(true, close(1.6, 0.6), "within a second");
  }

  private static boolean close(double planned, double measured) {
    return Math.abs(planned - measured) <= SLACK_SECONDS
        || (planned <= RATIO * measured && measured <= RATIO * planned);
  }

  /** What the plan says of one measured figure: {@code part} of {@code name}. */
  private static double planned(
      Campaign c, ConfigurationTimes confTimes, RunTimes times, String part, String name) {
    if (part.equals("total")) {
      return CampaignEstimate.left(Matrix.cells(c), 0, new Manifest(), true, times, confTimes, null)
          .total();
    }
    if (part.equals("run")) {
      Campaign.Step step =
          c.steps().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
      assertNotNull(step, "step " + name);
      // in the first configuration: where its clients run (over SSH or not) is the same in each
      return times.seconds(step, c.configurations().get(0));
    }
    Campaign.Configuration conf =
        c.configurations().stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
    assertNotNull(conf, "configuration " + name);
    ConfigurationTimes.Parts p = confTimes.of(conf);
    return switch (part) {
      case "up" -> p.up();
      case "services" -> p.services();
      case "setup" -> p.setup();
      case "down" -> p.down();
      default -> throw new AssertionError("unknown part " + part);
    };
  }

  /** {@code c} with each service's {@code --data-dir} moved under this test's empty directory. */
  private Campaign freshData(Campaign c) {
    List<Campaign.Configuration> confs = new ArrayList<>();
    for (Campaign.Configuration x : c.configurations()) {
      List<Campaign.Service> services = new ArrayList<>();
      for (Campaign.Service s : x.services()) {
        List<String> args = new ArrayList<>(s.args());
        int at = args.indexOf("--data-dir");
        if (at >= 0 && at + 1 < args.size()) {
          args.set(at + 1, dir.resolve(Path.of(args.get(at + 1)).getFileName()).toString());
        }
        services.add(new Campaign.Service(s.machine(), args, s.readyPort(), s.readyTimeout()));
      }
      confs.add(
          new Campaign.Configuration(
              x.name(),
              x.kind(),
              x.file(),
              x.keep(),
              x.vars(),
              x.labName(),
              x.machines(),
              services,
              x.jmeterServers()));
    }
    return new Campaign(
        c.file(),
        c.name(),
        c.description(),
        c.iterations(),
        c.rule(),
        c.stopOnFailure(),
        c.baseline(),
        confs,
        c.steps(),
        c.attributes(),
        c.tables());
  }

  /** The CSV's rows by rehearsal file: file, part, name, seconds. */
  private static Map<String, List<String[]>> measurements() throws IOException {
    Map<String, List<String[]>> byFile = new LinkedHashMap<>();
    try (InputStream in =
        QuietRehearsalTimesTest.class.getResourceAsStream("quiet-rehearsal-times.csv")) {
      assertNotNull(in, "quiet-rehearsal-times.csv beside the test");
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split(",", -1);
        assertEquals(4, f.length, line);
        byFile.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f);
      }
    }
    return byFile;
  }
}
