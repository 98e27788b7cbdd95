package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/README.md stays in step with the examples: the plans it quotes are what {@code campaign
 * plan} says today, and every password file an example campaign names is described there (made by
 * hand, mode 0600, never committed) and ignored by git.
 *
 * <p>A plan depends on this machine's files where a service keeps data: the DS2 rehearsal's
 * databases start quicker, and its loads find them loaded, where their {@code data-dir}s ({@code
 * /tmp/loadlab-s004-db*}) hold the clusters an earlier rehearsal left. The README quotes both
 * plans, so each is checked on a copy of the example whose data directories are this test's own,
 * empty or holding a cluster's {@code PG_VERSION}, whatever {@code /tmp} holds.
 */
@Timeout(120)
class ExamplesReadmeTest {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final Path EXAMPLES = ROOT.resolve("examples");
  private static final Path README = EXAMPLES.resolve("README.md");

  /** A current plan as the README quotes it. */
  private static final Pattern QUOTE =
      Pattern.compile(
          "`campaign plan (examples/[^`]+\\.yaml)` says (\\d+) runs, about ([0-9hms]+)");

  /** Wordings that quoted plans before and went stale ("`rehearsal.yaml` plans 36 runs"). */
  private static final Pattern LOOSE =
      Pattern.compile("`campaign plan` says (?:about|\\d+ runs)|\\bplans (?:about|\\d+ runs)");

  /** A plan quoted where its services' data directories hold their data from an earlier run. */
  private static final Pattern KEPT =
      Pattern.compile(
          "`campaign plan (examples/[^`]+\\.yaml)` says \\d+ runs, about [0-9hms]+ \\([^)]*?;"
              + " ([0-9hms]+) where its `data-dir`s hold their clusters");

  /** A {@code data-dir} option's value in an example's YAML (flow or block style). */
  private static final Pattern DATA_DIR = Pattern.compile("(data-dir:\\s*)([^,}\\s]+)");

  /** What {@code campaign plan} prints of the whole campaign. */
  private static final Pattern PLANNED = Pattern.compile("= (\\d+) runs, about ([0-9hms]+)");

  /** Rehearsals the README need not quote: JMeter's plans only with JMETER_HOME, own README. */
  private static final Set<String> NOT_QUOTED = Set.of("examples/jmeter-plan/rehearsal.yaml");

  @TempDir Path dir;

  /** The example campaigns, hardware and rehearsals, as CampaignFileTest finds them and more. */
  static List<Path> campaigns() throws Exception {
    try (Stream<Path> files = Files.walk(EXAMPLES)) {
      return files
          .filter(p -> p.getFileName().toString().matches("(campaign|rehearsal).*\\.yaml"))
          .sorted()
          .toList();
    }
  }

  @Test
  void theRunsAndTimesTheReadmeQuotesAreWhatThePlanSaysToday() throws Exception {
    // Quotes wrap over lines: read the README as one line.
    String readme = Files.readString(README).replaceAll("\\s+", " ");
    List<String> wrong = new ArrayList<>();
    Matcher loose = LOOSE.matcher(readme);
    while (loose.find()) {
      wrong.add(
          "'" + loose.group() + "': quote the plan as `campaign plan FILE` says N runs, about T");
    }
    Map<String, String> quoted = new LinkedHashMap<>();
    Matcher q = QUOTE.matcher(readme);
    while (q.find()) {
      quoted.put(q.group(1), q.group(2) + " runs, about " + q.group(3));
    }
    for (Path c : campaigns()) {
      String file = ROOT.relativize(c).toString();
      if (c.getFileName().toString().startsWith("rehearsal")
          && !NOT_QUOTED.contains(file)
          && !quoted.containsKey(file)) {
        wrong.add(file + ": no `campaign plan " + file + "` says N runs, about T");
      }
    }
    // Each plan is a child JVM of its own, independent of the others: two at a time.
    Map<String, Future<String>> plans = new LinkedHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      int i = 0;
      for (String file : quoted.keySet()) {
        Path output = dir.resolve("o" + i);
        Path copy = copy(ROOT.resolve(file), dir.resolve("c" + i++), false);
        plans.put(file, pool.submit(() -> plan(copy, output)));
      }
      pool.shutdown();
      assertTrue(pool.awaitTermination(300, TimeUnit.SECONDS), "plans end");
    } finally {
      pool.shutdownNow();
    }
    for (Map.Entry<String, String> e : quoted.entrySet()) {
      String plan;
      try {
        plan = plans.get(e.getKey()).get();
      } catch (ExecutionException failed) {
        if (failed.getCause() instanceof AssertionError a) {
          throw a;
        }
        throw failed;
      }
      Matcher planned = PLANNED.matcher(plan);
      if (!planned.find()) {
        wrong.add(e.getKey() + ": campaign plan printed no estimate: " + plan);
      } else if (!e.getValue().equals(planned.group(1) + " runs, about " + planned.group(2))) {
        wrong.add(
            e.getKey()
                + ": README says "
                + e.getValue()
                + ", campaign plan says "
                + planned.group(1)
                + " runs, about "
                + planned.group(2));
      }
    }
    assertEquals(List.of(), wrong, "examples/README.md's plans are stale");
    assertTrue(quoted.size() >= 7, "the README quotes every report's rehearsal: " + quoted);
  }

  @Test
  void theDs2RehearsalsPlanOnKeptDatabasesIsWhatTheReadmeSays() throws Exception {
    String readme = Files.readString(README).replaceAll("\\s+", " ");
    Matcher kept = KEPT.matcher(readme);
    assertTrue(kept.find(), "examples/README.md quotes the DS2 rehearsal's plan on kept databases");
    Path file = copy(ROOT.resolve(kept.group(1)), dir.resolve("kept"), true);
    Matcher planned = PLANNED.matcher(plan(file, dir.resolve("out")));
    assertTrue(planned.find(), file.toString());
    assertEquals(kept.group(2), planned.group(2), kept.group());
  }

  @Test
  void aCopysDataDirectoriesAreItsOwn() throws Exception {
    Path file = copy(ROOT.resolve("examples/ds2-sriov/rehearsal.yaml"), dir.resolve("copy"), true);
    String text = Files.readString(file);
    Matcher m = DATA_DIR.matcher(text);
    int dirs = 0;
    while (m.find()) {
      Path data = Path.of(m.group(2));
      assertTrue(data.startsWith(dir.resolve("copy")), m.group());
      assertTrue(Files.isRegularFile(data.resolve("PG_VERSION")), m.group());
      dirs++;
    }
    assertEquals(8, dirs, "four databases in each of two configurations: " + text);
    assertTrue(Files.isRegularFile(file.resolveSibling("lab-bridge.yaml")), "its labs beside it");
  }

  /**
   * A copy of {@code file}'s example directory (its files, not the labs' state directories) in
   * {@code into}, each {@code data-dir} moved to a directory of its own under {@code into}: empty,
   * or with {@code kept} holding a PostgreSQL cluster's {@code PG_VERSION}, as a database an
   * earlier campaign left. The copy of {@code file}.
   */
  private static Path copy(Path file, Path into, boolean kept) throws Exception {
    Path to = Files.createDirectories(into.resolve(file.getParent().getFileName().toString()));
    try (Stream<Path> files = Files.list(file.getParent())) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String name = f.getFileName().toString();
        if (!name.endsWith(".yaml")) {
          Files.copy(f, to.resolve(name));
          continue;
        }
        Matcher m = DATA_DIR.matcher(Files.readString(f));
        StringBuilder text = new StringBuilder();
        while (m.find()) {
          Path data = into.resolve("data").resolve(Path.of(m.group(2)).getFileName().toString());
          if (kept) {
            Files.createDirectories(data);
            Files.writeString(data.resolve("PG_VERSION"), "16\n");
          }
          m.appendReplacement(text, Matcher.quoteReplacement(m.group(1) + data));
        }
        m.appendTail(text);
        Files.writeString(to.resolve(name), text);
      }
    }
    return to.resolve(file.getFileName());
  }

  /**
   * {@code loadlab campaign plan FILE} in a child JVM, on defaults (a fresh output directory), with
   * a database password in its environment (the DS2 rehearsal's comes from there); its output.
   */
  private static String plan(Path file, Path output) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a short-lived JVM: C1 only and the serial GC start it faster
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                "io.loadlab.cli.Main",
                "campaign",
                "plan",
                file.toString(),
                "--output",
                output.toString())
            .redirectErrorStream(true);
    pb.environment().put("LOADLAB_DB_PASSWORD", "example-only");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "plan ends: " + out);
    assertEquals(0, p.exitValue(), file + ": " + out);
    return out;
  }

  /** The password files the campaign's steps, clients and services name, as repository paths. */
  private static Set<String> passwordFiles(Path campaign) throws Exception {
    Set<String> out = new TreeSet<>();
    JsonNode c = new YAMLMapper().readTree(campaign.toFile());
    List<JsonNode> optionSets = new ArrayList<>();
    for (JsonNode step : c.path("steps")) {
      optionSets.add(step.path("options"));
      step.path("clients").forEach(client -> optionSets.add(client.path("options")));
    }
    for (JsonNode conf : c.path("configurations")) {
      conf.path("services").forEach(s -> optionSets.add(s.path("options")));
      conf.path("setup").forEach(s -> optionSets.add(s.path("options")));
    }
    for (JsonNode options : optionSets) {
      options
          .fields()
          .forEachRemaining(
              e -> {
                if (e.getKey().endsWith("password-file")) {
                  Path file = campaign.resolveSibling(e.getValue().asText()).normalize();
                  out.add(ROOT.relativize(file).toString());
                }
              });
    }
    return out;
  }

  /** True if a pattern of the repository's .gitignore ignores {@code path} (simple globs). */
  private static boolean ignored(String path) throws Exception {
    for (String line : Files.readAllLines(ROOT.resolve(".gitignore"))) {
      String p = line.strip();
      if (p.isEmpty() || p.startsWith("#") || p.startsWith("!")) {
        continue;
      }
      String glob = p.startsWith("/") ? p.substring(1) : (p.contains("/") ? p : "**/" + p);
      if (FileSystems.getDefault().getPathMatcher("glob:" + glob).matches(Path.of(path))
          || (!p.contains("/")
              && FileSystems.getDefault()
                  .getPathMatcher("glob:" + p)
                  .matches(Path.of(path).getFileName()))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void everyPasswordFileAnExampleNamesIsDescribedAndIgnored() throws Exception {
    String readme = Files.readString(README);
    Set<String> files = new TreeSet<>();
    for (Path c : campaigns()) {
      files.addAll(passwordFiles(c));
    }
    assertFalse(files.isEmpty(), "the DS2 hardware campaigns name ds2.password");
    List<String> wrong = new ArrayList<>();
    for (String f : files) {
      if (!readme.contains(f)) {
        wrong.add(f + ": examples/README.md does not say to create it");
      } else if (!readme.contains("0600")) {
        wrong.add(f + ": examples/README.md does not give its mode, 0600");
      }
      if (!ignored(f)) {
        wrong.add(f + ": .gitignore does not ignore it");
      }
    }
    assertEquals(List.of(), wrong);
  }
}
