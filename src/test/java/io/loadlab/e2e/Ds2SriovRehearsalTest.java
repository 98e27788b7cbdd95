package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DS2 SR-IOV report's rehearsal (examples/ds2-sriov/rehearsal.yaml) run as a user runs it, as
 * root on namespace labs: it ends with exit 0 within its planned time ±50%, report.md starts with
 * the report's Figure 1 and has Figures 2-4 laid out as the report's (OPM by client with the
 * total), and report.html draws every chart in Chromium. About 7 minutes: {@code -Prehearsals}.
 */
@Tag("rehearsal")
@Timeout(1800)
class Ds2SriovRehearsalTest {
  @TempDir Path dir;

  static final Path EXAMPLE =
      Path.of(System.getProperty("user.dir")).resolveSibling("examples").resolve("ds2-sriov");

  static final String BRIDGE = "Linux bridge (for KVM bridged)";
  static final String DIRECT = "veth link (for KVM SR-IOV)";

  @Test
  void rehearsalReportsFigures1To4WithinItsPlannedTime() throws Exception {
    NamespaceLabs.assumeNamespaces();
    // A copy, so the labs' state directories (<lab>.d) stay out of the source tree.
    Path copy = Files.createDirectories(dir.resolve("ds2-sriov"));
    try (Stream<Path> files = Files.list(EXAMPLE)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    Path file = copy.resolve("rehearsal.yaml");
    Path out = dir.resolve("out");

    String plan = run(Path.of("plan.log"), 60, "campaign", "plan", file.toString());
    // "about 8m35s: runs …", or "about 9m: …" on the minute.
    Matcher about = Pattern.compile("= 12 runs, about (?:(\\d+)m)?(?:(\\d+)s)?:").matcher(plan);
    assertTrue(about.find(), plan);
    long planned =
        (about.group(1) == null ? 0 : Long.parseLong(about.group(1)) * 60)
            + (about.group(2) == null ? 0 : Long.parseLong(about.group(2)));

    long t0 = System.nanoTime();
    String log =
        run(
            Path.of("run.log"),
            1500,
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString());
    long took = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertTrue(log.contains("12 runs ok, 0 failed"), log);

    List<List<String>> tables = tables(Files.readString(out.resolve("report.md")));
    assertEquals(
        "## Figure 1: DVD Store Version 2 results with one database instance, rehearsed in"
            + " namespace labs on one Linux machine",
        tables.get(0).get(0));
    assertEquals("| Configuration | Total OPM (opm) |", tables.get(0).get(1));
    assertTrue(tables.get(0).get(2).startsWith("| " + BRIDGE + " | "), tables.get(0).toString());
    assertTrue(tables.get(0).get(3).startsWith("| " + DIRECT + " | "), tables.get(0).toString());
    assertEquals(4, tables.get(0).size(), tables.get(0).toString());
    assertTrue(tables.get(1).get(0).startsWith("## Figure 2: "), tables.get(1).toString());
    assertEquals("| Configuration | Total OPM (opm) |", tables.get(1).get(1));
    String byClient =
        "| Client | OPM (opm) method=" + BRIDGE + " | OPM (opm) method=" + DIRECT + " |";
    for (int f = 2; f < 4; f++) {
      List<String> t = tables.get(f);
      int clients = f == 2 ? 2 : 8;
      assertTrue(t.get(0).startsWith("## Figure " + (f + 1) + ": "), t.toString());
      assertEquals(byClient, t.get(1));
      for (int k = 1; k <= clients; k++) {
        assertTrue(t.get(1 + k).startsWith("| Client " + k + " | "), t.toString());
      }
      assertTrue(t.get(2 + clients).startsWith("| Total OPM | "), t.toString());
      assertEquals(3 + clients, t.size(), t.toString());
    }

    Path html = out.resolve("report.html");
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), "errors in the page: " + check);
    assertTrue(check.get("charts").asInt() >= 4, "a chart per figure at least: " + check);
    assertEquals(check.get("charts").asInt(), check.get("drawn").size(), check.toString());
    for (JsonNode c : check.get("drawn")) {
      assertTrue(
          c.get("points").asInt() > 0 && c.get("pixels").asInt() > 0,
          "chart " + c.get("id") + " drew no data: " + check);
    }
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "ds2-sriov-rehearsal.png"), 1280, 4000);
    // Last, so a busy machine's overrun still shows whether the tables and charts are right.
    assertTrue(
        took >= planned * 0.5 && took <= planned * 1.5,
        "took " + took + " s, planned " + planned + " s (±50%): " + log);
  }

  /** Runs loadlab in a child JVM with a database password in its environment; its output. */
  private String run(Path logName, long seconds, String... args) throws Exception {
    Path log = dir.resolve(logName);
    ProcessBuilder pb =
        new ProcessBuilder(ChildJvm.command(args))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().put("LOADLAB_DB_PASSWORD", "rehearsal-only");
    Process p = pb.start();
    try {
      assertTrue(p.waitFor(seconds, TimeUnit.SECONDS), "ends: " + ChildJvm.text(log));
    } finally {
      p.destroyForcibly();
    }
    assertEquals(0, p.exitValue(), ChildJvm.text(log));
    return ChildJvm.text(log);
  }

  /** Each "## " section of report.md: its heading and its table rows (no separator row). */
  static List<List<String>> tables(String report) {
    List<List<String>> out = new ArrayList<>();
    List<String> current = null;
    for (String line : report.split("\n")) {
      if (line.startsWith("## ")) {
        current = new ArrayList<>(List.of(line));
        out.add(current);
      } else if (current != null && line.startsWith("|") && !line.matches("\\|[-:| ]+\\|")) {
        current.add(line);
      }
    }
    assertTrue(out.size() >= 4, report);
    return out;
  }
}
