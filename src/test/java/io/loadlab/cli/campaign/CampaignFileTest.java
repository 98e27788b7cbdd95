package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Malformed campaign files: each refused before anything runs, one line naming file and field. */
@Timeout(60)
class CampaignFileTest {
  @TempDir Path dir;

  private static final String STEP =
      "steps:\n  - {run: net rr, options: {duration: 1s}, sweep: {users: [1, 10]}}\n";

  /** Ten anchors, each a list of nine aliases of the one before. */
  private static String aliasBomb() {
    StringBuilder b = new StringBuilder("      a: &a [x, x, x, x, x, x, x, x, x]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'j'; c++) {
      b.append("      ").append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        b.append(i == 0 ? "" : ", ").append('*').append(prev);
      }
      b.append("]\n");
      prev = c;
    }
    return b.toString();
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of(
            "unknown top-level field",
            "name: x\niteration: 3\n" + STEP,
            "iteration: unknown field"),
        Arguments.of("no name", STEP, "name: missing"),
        Arguments.of(
            "duplicate top-level key", "name: x\nname: y\n" + STEP, "field 'name' is given twice"),
        Arguments.of(
            "duplicate option key",
            "name: x\nsteps:\n  - {run: net rr, options: {duration: 1s, duration: 2s}}\n",
            "field 'duration' is given twice"),
        Arguments.of(
            "alias bomb (9^9 values if expanded)",
            "name: x\nconfigurations:\n  - name: a\n    vars:\n" + aliasBomb() + STEP,
            "configurations[0].vars.j: give one value"),
        Arguments.of(
            "best-over an option not swept",
            "name: x\nsteps:\n  - {run: net rr, sweep: {users: [1, 2]}, best-over: [request]}\n",
            "steps[0].best-over[0]: 'request' is not swept"),
        Arguments.of(
            "setup with a ready-port",
            "name: x\nconfigurations:\n  - {name: a, setup: [{run: net serve, ready-port: 1}]}\n"
                + STEP,
            "configurations[0].setup[0].ready-port: setup commands run to their end"),
        Arguments.of("bad name", "name: 'a b'\n" + STEP, "name: 'a b' must be"),
        Arguments.of("no steps", "name: x\n", "steps: none"),
        Arguments.of(
            "unknown command", "name: x\nsteps:\n  - {run: net foo}\n", "steps[0].run: 'net foo'"),
        Arguments.of("not a load command", "name: x\nsteps:\n  - {run: lab up}\n", "steps[0].run"),
        Arguments.of(
            "unknown step field",
            "name: x\nsteps:\n  - {run: net rr, optionz: {}}\n",
            "optionz: unknown field"),
        Arguments.of(
            "unknown option",
            "name: x\nsteps:\n  - {run: net rr, options: {userz: 1}}\n",
            "steps[0].options.userz: net rr has no option --userz"),
        Arguments.of(
            "option value the CLI refuses",
            "name: x\nsteps:\n  - {run: net rr, options: {users: abc}}\n",
            "steps[0].options: loadlab net rr refuses it"),
        Arguments.of(
            "duration the CLI refuses",
            "name: x\nsteps:\n  - {run: net rr, options: {duration: soon}}\n",
            "--duration"),
        Arguments.of(
            "reserved option",
            "name: x\nsteps:\n  - {run: net rr, options: {output: here}}\n",
            "steps[0].options.output: the campaign sets --output"),
        Arguments.of(
            "a flag the campaign sets",
            "name: x\nsteps:\n  - {run: ds2 run, options: {quiet: true}}\n",
            "steps[0].options.quiet: the campaign sets --quiet"),
        Arguments.of(
            "a password file that is not there, and the variable its description names",
            "name: x\nsteps:\n  - {run: ds2 run, options: {password-file: /no/such/w5-pw}}\n",
            "or remove the option and set LOADLAB_DB_PASSWORD"),
        Arguments.of(
            "sweep over an option the step lacks",
            "name: x\nsteps:\n  - {run: net rr, sweep: {size: [8, 64]}}\n",
            "steps[0].sweep.size: net rr has no option --size"),
        Arguments.of(
            "sweep not a list",
            "name: x\nsteps:\n  - {run: net rr, sweep: {users: 5}}\n",
            "steps[0].sweep.users: give a list"),
        Arguments.of(
            "sweep point the CLI refuses",
            "name: x\nsteps:\n  - {run: net rr, sweep: {users: [1, -5]}}\n",
            "at users=-5"),
        Arguments.of(
            "swept option also in options",
            "name: x\nsteps:\n  - {run: net rr, options: {users: 1}, sweep: {users: [1, 2]}}\n",
            "also in options"),
        Arguments.of(
            "iterations zero", "name: x\niterations: 0\n" + STEP, "iterations: 0 is out of range"),
        Arguments.of(
            "iterations max below min",
            "name: x\niterations: {min: 5, max: 3, until-cv: 2%}\n" + STEP,
            "iterations.max: 3 is below min 5"),
        Arguments.of(
            "until-cv not a percentage",
            "name: x\niterations: {min: 3, max: 9, until-cv: low}\n" + STEP,
            "iterations.until-cv: 'low' is not a percentage"),
        Arguments.of(
            "unknown iterations field",
            "name: x\niterations: {min: 3, most: 9}\n" + STEP,
            "iterations.most: unknown field"),
        Arguments.of(
            "unknown report rule",
            "name: x\nreport: average\n" + STEP,
            "report: 'average' is unknown"),
        Arguments.of(
            "unknown on-failure",
            "name: x\non-failure: retry\n" + STEP,
            "on-failure: 'retry' is unknown"),
        Arguments.of(
            "baseline not a configuration",
            "name: x\nbaseline: sriov\nconfigurations: [{name: bare}]\n" + STEP,
            "baseline: 'sriov' is not a configuration"),
        Arguments.of(
            "configuration named twice",
            "name: x\nconfigurations: [{name: bare}, {name: bare}]\n" + STEP,
            "configurations[1].name: 'bare' is used twice"),
        Arguments.of(
            "unknown variable",
            "name: x\nconfigurations: [{name: bare}]\nsteps:\n  - {run: net rr, options: {host: '${broker}'}}\n",
            "${broker} is not a var of configuration bare"),
        Arguments.of(
            "machine without a testbed or lab",
            "name: x\nsteps:\n  - {run: net rr, on: [client1]}\n",
            "steps[0].on: 'client1': configuration here has no testbed or lab"),
        Arguments.of(
            "machine not in the lab",
            "name: x\nconfigurations: [{name: l, lab: lab.yaml}]\nsteps:\n  - {run: net rr, on: [client9]}\n",
            "steps[0].on: 'client9' is not a machine of configuration l's lab"),
        Arguments.of(
            "testbed file missing",
            "name: x\nconfigurations: [{name: t, testbed: nowhere.yaml}]\n" + STEP,
            "configurations[0].testbed:"),
        Arguments.of(
            "both testbed and lab",
            "name: x\nconfigurations: [{name: t, testbed: a.yaml, lab: lab.yaml}]\n" + STEP,
            "has both testbed and lab"),
        Arguments.of(
            "unknown figure",
            "name: x\nsteps:\n  - {run: net rr, figures: [rate, 'p 99']}\n",
            "steps[0].figures: 'p 99' is not a figure"),
        Arguments.of(
            "guest CPU figure without guests",
            "name: x\nsteps:\n  - {run: net rr, figures: [rate, hypervisorCpuUsPerOp]}\n",
            "steps[0].figures: 'hypervisorCpuUsPerOp' is the CPU time of a testbed's libvirt"
                + " guests, and no configuration's testbed has guests"),
        Arguments.of(
            "service command unknown",
            "name: x\nconfigurations: [{name: a, services: [{run: net nope}]}]\n" + STEP,
            "configurations[0].services[0].run: 'net nope' is not a loadlab command"),
        Arguments.of(
            "service option the CLI refuses",
            "name: x\nconfigurations: [{name: a, services: [{run: net serve, options: {port: abc}}]}]\n"
                + STEP,
            "configurations[0].services[0].options: loadlab net serve refuses it: --port"),
        Arguments.of(
            "service on a machine not in the lab",
            "name: x\nconfigurations: [{name: l, lab: lab.yaml, services: [{on: db9, run: net serve}]}]\n"
                + STEP,
            "configurations[0].services[0].on: 'db9' is not a machine of configuration l"),
        Arguments.of(
            "criterion on an unknown figure",
            "name: x\nsteps:\n  - {run: net rr, criteria: [errors==0, 'p99us<=2000']}\n",
            "steps[0].criteria: 'p99us<=2000': unknown figure 'p99us'; did you mean p99Us?"),
        Arguments.of(
            "criterion on another workload's figure",
            "name: x\nsteps:\n  - {run: net rr, criteria: 'opm>=100'}\n",
            "steps[0].criteria: 'opm>=100': unknown figure 'opm'"),
        Arguments.of(
            "criteria in criteria and in options",
            "name: x\nsteps:\n  - {run: net rr, criteria: errors==0, options: {criteria: 'rate>1'}}\n",
            "steps[0].criteria: --criteria is also in options"),
        Arguments.of(
            "criterion in options the CLI refuses",
            "name: x\nsteps:\n  - {run: net rr, options: {criteria: 'errors=0'}}\n",
            "steps[0].options: loadlab net rr refuses it in configuration here: --criteria:"),
        Arguments.of(
            "junit set by a step",
            "name: x\nsteps:\n  - {run: net rr, options: {junit: j.xml}}\n",
            "steps[0].options.junit: the campaign sets --junit"),
        Arguments.of("not YAML", "name: x\nsteps: [\n", "steps: while parsing"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void refusedWithOneLineNamingTheField(String what, String yaml, String expected)
      throws Exception {
    Files.writeString(
        dir.resolve("lab.yaml"),
        "name: l1\nhosts: {client1: {}, server1: {}}\n"
            + "links: [{kind: veth, hosts: [client1, server1], subnet: 10.213.9.0/24}]\n");
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(file, yaml);
    Path out = dir.resolve("out");
    for (String verb : new String[] {"plan", "run"}) {
      CliRun r =
          verb.equals("plan")
              ? CliRun.of("campaign", "plan", file.toString())
              : CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
      assertEquals(2, r.code(), what + ": " + r.out() + r.err());
      assertTrue(r.err().contains(expected), what + ": expected '" + expected + "' in: " + r.err());
      for (String line : r.err().strip().split("\n")) {
        assertTrue(
            line.startsWith("loadlab: " + file) || line.startsWith(file.toString()),
            "names the file: " + line);
      }
      assertFalse(r.err().contains("Exception"), r.err());
      assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
      assertFalse(Files.exists(out), "nothing started: " + what);
    }
  }

  @Test
  void everyProblemIsReportedAtOnce() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        "name: x\nreport: average\non-failure: retry\nsteps:\n  - {run: net rr, options: {userz: 1}}\n");
    CliRun r = CliRun.of("campaign", "plan", file.toString());
    assertEquals(2, r.code());
    assertEquals(3, r.err().strip().split("\n").length, r.err());
  }

  @Test
  void planPrintsTheMatrixAndChangesNothing() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        "name: x\niterations: {min: 3, max: 9, until-cv: 3.5%}\n"
            + "configurations: [{name: a}, {name: b}]\n"
            + "steps:\n  - {run: net rr, options: {duration: 2s}, sweep: {users: [1, 10], request: [1, 200]}}\n");
    CliRun r = CliRun.of("campaign", "plan", file.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("= 24 to 72 runs"), r.out());
    assertTrue(r.out().contains("4 points x 3..9 until CV <= 3.5% iterations"), r.out());
    assertTrue(
        r.out().contains("loadlab net rr --duration 2s --users 1 --request 1 --label a"), r.out());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(1, files.count(), "plan wrote nothing");
    }
  }

  static Stream<Path> exampleCampaigns() throws Exception {
    Path examples = Path.of(System.getProperty("user.dir")).resolveSibling("examples");
    try (Stream<Path> files = Files.walk(examples)) {
      return files
          .filter(p -> p.getFileName().toString().matches("(campaign.*|rehearsal)\\.yaml"))
          .sorted()
          .toList()
          .stream();
    }
  }

  /**
   * Every example campaign plans. A hardware one (its testbeds are lab machines) is refused here
   * for what this machine lacks, one line per problem naming the testbed (or campaign) file and
   * field, and plans once a copy of it has every piece, its steps' machines reached over SSH.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("exampleCampaigns")
  void everyExampleCampaignPlans(Path file) throws Exception {
    String text = Files.readString(file);
    if (HardwareExamples.onThisMachine(file)) {
      // The guest labs: their hosts are this machine; with an empty home each guest lacks the key
      // it authorizes, one line each naming file and field (examples/guest-lab and
      // examples/guest-lab-direct; the runs themselves are GuestLabCampaignTest and
      // GuestLabDirectCampaignTest, the latter's plan GuestLabDirectExampleTest).
      Path home = Files.createDirectories(dir.resolve("empty-home"));
      CliRun r = HardwareExamples.withHome(home, "campaign", "plan", file.toString(), "--offline");
      assertEquals(2, r.code(), r.out() + r.err());
      java.util.Set<String> seen = new java.util.TreeSet<>();
      for (String line : r.err().strip().split("\n")) {
        String problem = line.startsWith("loadlab: ") ? line.substring(9) : line;
        assertTrue(problem.matches("/\\S+\\.yaml: [A-Za-z0-9._\\[\\]-]+: .+"), line);
        seen.add(HardwareExamples.fileAndField(problem));
      }
      java.util.Set<String> expected =
          new java.util.TreeSet<>(HardwareExamples.expectedOnThisMachine(file));
      assertTrue(
          expected.stream().anyMatch(p -> p.contains(": guests.")),
          "the example has guests that authorize a key: " + expected);
      assertEquals(expected, seen, r.err());
      return;
    }
    if (!HardwareExamples.testbeds(file).isEmpty()) {
      hardwareExampleIsRefusedForWhatThisMachineLacks(file, text.contains("run: jmeter run"));
      return;
    }
    if (text.contains("LOADLAB_DB_PASSWORD") && System.getenv("LOADLAB_DB_PASSWORD") == null) {
      // Its database password comes from the environment: refused without it, planned with it.
      CliRun refused = CliRun.of("campaign", "plan", file.toString());
      assertEquals(2, refused.code(), refused.out() + refused.err());
      assertTrue(refused.err().contains("LOADLAB_DB_PASSWORD"), refused.err());
      ProcessBuilder p =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-XX:TieredStopAtLevel=1",
                  "-XX:+UseSerialGC",
                  "-cp",
                  System.getProperty("java.class.path"),
                  "io.loadlab.cli.Main",
                  "campaign",
                  "plan",
                  file.toString())
              .redirectErrorStream(true);
      p.environment().put("LOADLAB_DB_PASSWORD", "example-only");
      Process started = p.start();
      String out = new String(started.getInputStream().readAllBytes());
      assertEquals(0, started.waitFor(), out);
      assertTrue(out.contains("8 clients at once"), out);
      return;
    }
    if (text.contains("run: jmeter run")) {
      // JMeter is found through JMETER_HOME: refused without it, planned with it.
      String refused = planInChild(file, null);
      assertTrue(refused.startsWith("exit 2:") && refused.contains("JMETER_HOME"), refused);
      String planned = planInChild(file, CampaignJmeterTest.jmeterHome().toString());
      assertTrue(planned.startsWith("exit 0:"), planned);
      return;
    }
    CliRun r = CliRun.of("campaign", "plan", file.toString());
    assertEquals(0, r.code(), r.out() + r.err());
  }

  /**
   * With {@code --offline} (its testbed hosts are lab machines: the network is not tried) and an
   * empty home (no SSH key, no known_hosts): exit 2, every line a problem naming file and field,
   * each expected one there. A copy with every piece in place plans.
   */
  private void hardwareExampleIsRefusedForWhatThisMachineLacks(Path file, boolean jmeter)
      throws Exception {
    Path home = Files.createDirectories(dir.resolve("empty-home"));
    String jmeterHome = jmeter ? CampaignJmeterTest.jmeterHome().toString() : null;
    String out;
    if (jmeter) {
      out = planInChild(file, jmeterHome, home, "--offline");
    } else {
      CliRun r = HardwareExamples.withHome(home, "campaign", "plan", file.toString(), "--offline");
      out = "exit " + r.code() + ": " + r.err() + r.out();
    }
    assertTrue(out.startsWith("exit 2: "), out);
    assertTrue(out.contains("--offline: not tried whether these testbed hosts answer"), out);
    java.util.Set<String> seen = new java.util.LinkedHashSet<>();
    for (String line : out.substring("exit 2: ".length()).strip().split("\n")) {
      if (line.startsWith("--offline: ")) {
        continue;
      }
      String problem = line.startsWith("loadlab: ") ? line.substring(9) : line;
      assertTrue(
          problem.matches("/\\S+\\.yaml: [A-Za-z0-9._\\[\\]-]+: .+"),
          "names a file and a field: " + line);
      seen.add(HardwareExamples.fileAndField(problem));
    }
    assertEquals(HardwareExamples.expectedProblems(file), seen, out);

    Path copy =
        HardwareExamples.withEveryPiece(
            file, dir.resolve("lab"), Files.createDirectories(dir.resolve("lab-home")));
    if (jmeter) {
      out = planInChild(copy, jmeterHome, dir.resolve("lab-home"), "--offline");
    } else {
      CliRun r =
          HardwareExamples.withHome(
              dir.resolve("lab-home"), "campaign", "plan", copy.toString(), "--offline");
      out = "exit " + r.code() + ": " + r.err() + r.out();
    }
    assertTrue(out.startsWith("exit 0: "), out);
    assertTrue(
        out.contains(jmeter ? "--remote 10.0.0.21:1099,10.0.0.22:1099" : " over SSH ("), out);
  }

  /** {@code loadlab campaign plan FILE} in a child with JMETER_HOME as given (null: unset). */
  private static String planInChild(Path file, String jmeterHome) throws Exception {
    return planInChild(file, jmeterHome, null);
  }

  /** As above, with {@code home} as the home directory (null: this one) and more arguments. */
  private static String planInChild(Path file, String jmeterHome, Path home, String... more)
      throws Exception {
    java.util.List<String> command =
        new java.util.ArrayList<>(
            java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a short-lived JVM: C1 only and the serial GC start it faster
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path")));
    if (home != null) {
      command.add("-Duser.home=" + home);
    }
    command.addAll(java.util.List.of("io.loadlab.cli.Main", "campaign", "plan", file.toString()));
    command.addAll(java.util.List.of(more));
    ProcessBuilder p = new ProcessBuilder(command).redirectErrorStream(true);
    p.environment().remove("JMETER_HOME");
    p.environment().put("PATH", "/usr/bin:/bin");
    if (jmeterHome != null) {
      p.environment().put("JMETER_HOME", jmeterHome);
    }
    Process started = p.start();
    String out = new String(started.getInputStream().readAllBytes());
    return "exit " + started.waitFor() + ": " + out;
  }
}
