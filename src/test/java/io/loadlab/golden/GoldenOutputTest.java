package io.loadlab.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import io.loadlab.cli.CommandTable;
import io.loadlab.cli.Main;
import io.loadlab.core.export.ConsoleExporter;
import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.e2e.BadInputClasses;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the user sees, held to files stored under {@code src/test/resources/golden/} (issue 45: a
 * refactoring into moves must show no difference). One file per area:
 *
 * <ul>
 *   <li>{@code help.txt}: {@code loadlab --help}, {@code --version}, {@code <command> --help} for
 *       every command, and each command group alone (its one-line refusal) and with {@code --help};
 *       the commands come from the code ({@link CommandTable}), held to the top-level help's list;
 *   <li>{@code bad-input.txt}: for every command and option, the cases its description implies
 *       ({@link BadInputClasses#fromDescriptions}), each with its exit code and what it printed on
 *       stderr; a case the command's checks accept is marked so and not run;
 *   <li>{@code result-json.txt}: result.json of short real runs, timings aside ({@link
 *       ResultJsonShape}): {@code net rr} (TCP, and UDP), {@code net crr}, {@code net stream}, each
 *       on the in-process server at a free port; {@code amqp throughput} and {@code amqp latency}
 *       on the embedded broker; {@code ds2 run} on the embedded PostgreSQL at the smallest size;
 *       {@code jmeter run} of the example plan (three samples) with the JMeter the build assembled;
 *   <li>{@code reports.txt}: the reports drawn from fixed inputs ({@code golden/inputs/}): each
 *       run's summary.md and its console table, {@code loadlab compare} of two runs, and {@code
 *       loadlab campaign report} of a campaign's campaign.json.
 * </ul>
 *
 * <p>Machine- and moment-specific text (temporary directories, the checkout, ports, times,
 * versions) is masked by {@link Masks}. Run with {@code -Dloadlab.golden.update=true} to rewrite
 * the stored files after a change that is meant ({@link GoldenFiles}).
 */
@Timeout(240)
class GoldenOutputTest {
  @TempDir static Path dir;

  private static Masks masks() {
    Masks m = new Masks().with(dir.toString(), "<tmp>");
    if (BadInputClasses.dir() != null) {
      m.with(BadInputClasses.dir().toString(), "<tmp>");
    }
    return m;
  }

  private static String show(String... args) {
    return "loadlab" + (args.length == 0 ? "" : " " + String.join(" ", args));
  }

  /** One command line's record: its words, exit code, stdout and stderr. */
  private static String record(CliRun r, String... args) {
    return "$ "
        + show(args)
        + "\nexit "
        + r.code()
        + "\n--- stdout\n"
        + r.out()
        + (r.out().isEmpty() || r.out().endsWith("\n") ? "" : "\n")
        + "--- stderr\n"
        + r.err()
        + (r.err().isEmpty() || r.err().endsWith("\n") ? "" : "\n")
        + "\n";
  }

  @Test
  void helpOfEveryCommandAndGroup() throws IOException {
    List<String[]> cases = new ArrayList<>();
    cases.add(new String[] {"--help"});
    cases.add(new String[] {});
    cases.add(new String[] {"--version"});
    Set<String> groups = new LinkedHashSet<>();
    for (CommandTable.Entry e : CommandTable.all()) {
      cases.add(e.with("--help"));
      if (e.path().size() > 1) {
        groups.add(e.path().get(0));
      }
    }
    for (String g : groups) {
      cases.add(new String[] {g});
      cases.add(new String[] {g, "--help"});
    }
    assertEquals(commandsInTopLevelHelp(), commandsInCode(), "the commands --help lists");
    StringBuilder sb = new StringBuilder();
    for (String[] args : cases) {
      sb.append(record(CliRun.of(args), args));
    }
    GoldenFiles.check("help.txt", masks().apply(sb.toString()));
  }

  private static Set<String> commandsInCode() {
    Set<String> all = new TreeSet<>();
    CommandTable.all().forEach(e -> all.add(String.join(" ", e.path())));
    return all;
  }

  private static Set<String> commandsInTopLevelHelp() {
    Set<String> all = new TreeSet<>();
    String help = CliRun.of("--help").out();
    String list = help.substring(help.indexOf("commands:\n") + "commands:\n".length());
    for (String line : list.substring(0, list.indexOf("\n\n")).lines().toList()) {
      all.add(line.strip().split(" {2,}")[0]);
    }
    return all;
  }

  @Test
  void badInputMessagesOfEveryOption() throws IOException {
    BadInputClasses.files(Files.createDirectories(dir.resolve("bad-input")));
    Masks masks = masks();
    StringBuilder sb = new StringBuilder();
    for (String[] args : BadInputClasses.fromDescriptions()) {
      sb.append(masks.apply(show(args))).append("\n  ");
      if (acceptedByChecks(args) && !namesAFile(args)) {
        sb.append("accepted by the command's checks (not run)\n");
        continue;
      }
      CliRun r =
          assertTimeoutPreemptively(
              Duration.ofSeconds(10), () -> CliRun.of(args), "refused at once: " + show(args));
      sb.append("exit ")
          .append(r.code())
          .append(": ")
          .append(masks.apply(String.join(" ⏎ ", r.err().strip().lines().toList())))
          .append(r.out().isEmpty() ? "" : " (stdout: " + r.out().strip().length() + " chars)")
          .append('\n');
    }
    GoldenFiles.check("bad-input.txt", sb.toString());
  }

  private static boolean acceptedByChecks(String[] args) {
    try {
      Main.check(List.of(args));
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** True if the case's last word is a file of the cases: only the run's path checks see it. */
  private static boolean namesAFile(String[] args) {
    return args[args.length - 1].startsWith(BadInputClasses.dir().toString());
  }

  @Test
  void resultJsonOfShortRunsOfEveryWorkload() throws Exception {
    Path pg = dir.resolve("pg");
    Path plan =
        Path.of(System.getProperty("user.dir")).resolveSibling("examples/jmeter-plan/plan.jmx");
    List<String[]> runs =
        List.of(
            new String[] {"net", "rr", "--users", "1,2", "--duration", "1s", "--interval", "500ms"},
            new String[] {
              "net", "rr", "--protocol", "udp", "--duration", "1s", "--interval", "500ms"
            },
            new String[] {"net", "crr", "--duration", "1s", "--interval", "500ms"},
            new String[] {"net", "stream", "--duration", "1s", "--interval", "500ms"},
            new String[] {
              "amqp", "throughput", "--size", "64", "--count", "200", "--duration", "1s"
            },
            new String[] {"amqp", "latency", "--count", "100", "--tests", "1"},
            new String[] {
              "ds2",
              "run",
              "--db-size",
              "1MB",
              "--data-dir",
              pg.toString(),
              "--threads",
              "1",
              "--run-time",
              "1s",
              "--interval",
              "1s"
            },
            new String[] {
              "jmeter",
              "run",
              "--plan",
              plan.toString(),
              "--jmeter",
              jmeterHome(),
              "-Jthreads=1",
              "-Jloops=3",
              "-Jthink=1"
            });
    Masks masks = masks().with(jmeterHome(), "<jmeter>");
    ResultJsonShape shape = new ResultJsonShape(masks);
    String[][] argvs = new String[runs.size()][];
    for (int i = 0; i < runs.size(); i++) {
      List<String> args = new ArrayList<>(List.of(runs.get(i)));
      args.addAll(List.of("--quiet", "--output", dir.resolve("run-" + i).toString()));
      argvs[i] = args.toArray(String[]::new);
    }
    // The workloads wait on different things (the in-process server, the embedded broker, the
    // embedded PostgreSQL, a child JMeter): each lane has its own thread, so the test takes about
    // its longest lane rather than the sum of all. ds2 run needs the database ds2 load makes.
    List<List<Integer>> lanes = List.of(List.of(0, 1, 2, 3), List.of(4, 5), List.of(6), List.of(7));
    CliRun[] done = new CliRun[runs.size()];
    ExecutorService pool = Executors.newFixedThreadPool(lanes.size());
    try {
      List<Future<?>> running = new ArrayList<>();
      for (List<Integer> lane : lanes) {
        running.add(
            pool.submit(
                () -> {
                  if (lane.contains(6)) {
                    CliRun load =
                        timed("ds2", "load", "--db-size", "1MB", "--data-dir", pg.toString());
                    assertEquals(0, load.code(), load.out() + load.err());
                  }
                  lane.forEach(i -> done[i] = timed(argvs[i]));
                }));
      }
      for (Future<?> f : running) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < runs.size(); i++) {
      assertEquals(0, done[i].code(), show(argvs[i]) + "\n" + done[i].out() + done[i].err());
      sb.append("## ")
          .append(masks.apply(show(argvs[i])))
          .append("\n")
          .append(shape.of(dir.resolve("run-" + i).resolve("result.json")))
          .append("\n");
    }
    GoldenFiles.check("result-json.txt", sb.toString());
  }

  /** Runs a command line in this JVM, saying how long it took (the test's time is watched). */
  private static CliRun timed(String... argv) {
    long start = System.nanoTime();
    CliRun r = CliRun.of(argv);
    System.out.printf(
        "golden: %s took %d ms%n", show(argv), (System.nanoTime() - start) / 1_000_000);
    return r;
  }

  /** The JMeter that jmeter-maven-plugin assembled for the dist build (as JmeterCriteriaTest). */
  private static String jmeterHome() throws IOException {
    String config = System.getProperty("loadlab.jmeter.config");
    return new ObjectMapper()
        .readTree(Path.of(config).toFile())
        .get("configurations")
        .get(0)
        .get("jmeterDirectoryPath")
        .asText();
  }

  @Test
  void reportTablesFromFixedInputs() throws Exception {
    Masks masks = masks();
    StringBuilder sb = new StringBuilder();
    for (String run :
        List.of("net-rr-a", "net-rr-b", "amqp-throughput", "amqp-latency", "ds2-run")) {
      RunResult result = ResultJson.read(GoldenFiles.input(run + "/result.json"));
      Path summary = dir.resolve("reports").resolve(run).resolve("summary.md");
      Files.createDirectories(summary.getParent());
      new MarkdownExporter(summary).end(result);
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      new ConsoleExporter(new PrintStream(console, true, StandardCharsets.UTF_8), false)
          .end(result);
      sb.append("## ")
          .append(run)
          .append(": summary.md\n")
          .append(Files.readString(summary))
          .append("\n## ")
          .append(run)
          .append(": console table\n")
          .append(console.toString(StandardCharsets.UTF_8))
          .append("\n");
    }
    String[] compare = {
      "compare",
      GoldenFiles.input("net-rr-a/result.json").toString(),
      GoldenFiles.input("net-rr-b/result.json").toString(),
      "--output",
      dir.resolve("compare").toString()
    };
    sb.append(record(CliRun.of(compare), compare));
    Path campaign = Files.createDirectories(dir.resolve("campaign"));
    Files.copy(GoldenFiles.input("campaign/campaign.json"), campaign.resolve("campaign.json"));
    String[] report = {"campaign", "report", campaign.toString()};
    sb.append(record(CliRun.of(report), report));
    sb.append("## campaign report.md\n").append(Files.readString(campaign.resolve("report.md")));
    GoldenFiles.check(
        "reports.txt", masks.with(GoldenFiles.dir().toString(), "<golden>").apply(sb.toString()));
  }
}
