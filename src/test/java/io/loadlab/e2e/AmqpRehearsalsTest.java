package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The AMQP examples' rehearsals run whole on namespace labs (root), each a few minutes, so they are
 * {@code rehearsal} tests ({@code ./mvnw -B verify -Prehearsals -pl dist -am}): every run ok, the
 * report's first table the lab report's own (title, row label, column headers with units, a row per
 * size), report.html drawn in Chromium with every chart. The time each took beside what {@code
 * campaign plan} said goes to {@code target/rehearsal-times.txt} (examples/README.md).
 */
@Tag("rehearsal")
@Timeout(3600)
class AmqpRehearsalsTest {
  static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");
  static final Pattern ABOUT = Pattern.compile("runs, about (?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");

  static final List<String> METHODS =
      List.of("Bare metal", "Red Hat KVM SR-IOV guests", "Red Hat KVM bridged guests");

  @TempDir Path dir;

  static Stream<Arguments> rehearsals() {
    return Stream.of(
        Arguments.of(
            "amqp-sriov/rehearsal.yaml",
            "Messaging latency tests",
            "| Message size in bytes | "
                + String.join(" | ", METHODS.stream().map(m -> "Latency (ms) method=" + m).toList())
                + " |",
            List.of("8", "32", "64", "256", "1024")),
        Arguments.of(
            "amqp-sriov/rehearsal-throughput.yaml",
            "Messaging throughput tests",
            "| Message size in bytes | "
                + String.join(
                    " | ", METHODS.stream().map(m -> "Throughput (msg/s) method=" + m).toList())
                + " |",
            List.of("8", "32", "64", "256", "1024")),
        Arguments.of(
            "amqp-interconnects/rehearsal.yaml",
            "Latency",
            "| Transfer size (bytes) | Latency (µs) interconnect=1-GigE | Latency (µs)"
                + " interconnect=10-GigE | Latency (µs) interconnect=IPoIB |",
            List.of(
                "8", "16", "32", "64", "128", "256", "512", "1024", "2048", "4096", "8192", "16384",
                "32768")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rehearsals")
  void rehearsalRunsAndItsFirstTableIsTheReports(
      String file, String title, String header, List<String> rows) throws Exception {
    NamespaceLabs.assumeNamespaces();
    // A copy of the example, so the labs' state directories are not written into the sources.
    Path example = EXAMPLES.resolve(file).getParent();
    Path copy = Files.createDirectories(dir.resolve(example.getFileName()));
    try (Stream<Path> files = Files.list(example)) {
      for (Path f :
          files
              .filter(p -> p.getFileName().toString().matches("(lab-.*|rehearsal.*)\\.yaml"))
              .toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    Path campaign = copy.resolve(Path.of(file).getFileName());
    Path out = dir.resolve("out");
    CliRun plan = CliRun.of("campaign", "plan", campaign.toString(), "--output", out.toString());
    assertEquals(0, plan.code(), plan.out() + plan.err());
    NamespaceLabs.downLeftoverLabs(plan.out());
    long planned = plannedSeconds(plan.out());

    long start = System.nanoTime();
    CliRun run = CliRun.of("campaign", "run", campaign.toString(), "--output", out.toString());
    long took = (System.nanoTime() - start) / 1_000_000_000L;
    Files.createDirectories(Path.of("target"));
    Files.writeString(
        Path.of("target", "rehearsal-times.txt"),
        file + ": planned " + planned + " s, took " + took + " s\n",
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    assertEquals(0, run.code(), run.out() + run.err() + NamespaceLabs.logs(out));
    // On a quiet 2-core machine it finishes within what plan said, ±50%.
    assertTrue(
        took >= planned / 2 && took <= planned * 3 / 2,
        file + ": planned " + planned + " s, took " + took + " s");

    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    for (JsonNode r : m.get("runs")) {
      assertEquals("ok", r.get("status").asText(), r.toString());
    }
    String md = Files.readString(out.resolve("report.md"));
    int first = md.indexOf("\n## ");
    assertTrue(
        md.startsWith("\n## " + title + "\n", first), "first section is " + title + ":\n" + md);
    String table = md.substring(first);
    assertTrue(table.contains("\n" + header + "\n"), "header " + header + " in:\n" + md);
    for (String size : rows) {
      assertTrue(table.matches("(?s).*\n\\| " + size + " \\| [0-9].*"), "row " + size + ":\n" + md);
    }

    Path html = out.resolve("report.html");
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
    assertEquals(check.get("charts").asInt(), check.get("drawn").size(), check.toString());
    boolean reportsFigure = false;
    for (JsonNode d : check.get("drawn")) {
      assertTrue(d.get("points").asInt() > 0 && d.get("pixels").asInt() > 0, d.toString());
      reportsFigure |= d.get("id").asText().equals("table-1-value-0");
    }
    assertTrue(reportsFigure, "the report's figure is drawn: " + check);
    HeadlessChromium.screenshot(
        html,
        Path.of("target", "screenshots", "rehearsal-" + file.replace('/', '-') + ".png"),
        1280,
        3000);
  }

  /** The duration {@code campaign plan} gives ("… runs, about 3m45s"), in seconds. */
  static long plannedSeconds(String planOut) {
    Matcher m = ABOUT.matcher(planOut);
    assertTrue(m.find(), planOut);
    long s = 0;
    for (int g = 1; g <= 3; g++) {
      s = s * 60 + (m.group(g) == null ? 0 : Long.parseLong(m.group(g)));
    }
    return s;
  }
}
