package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input over every command and every kind of file: each case is refused with exit code 2 and
 * exactly one line, without an exception's name, and nothing is started (no listening socket, no
 * child process). Most cases run in this JVM through {@code Main.run}; a representative few run as
 * a child JVM whose process tree and listening ports are watched while it runs.
 */
@Timeout(120)
class BadInputSuiteTest {
  private static final Pattern EXCEPTION_NAME =
      Pattern.compile(
          "\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\bat [a-z]+\\.[a-z]"
              + "|Input length =|CTRL-CHAR");

  @TempDir static Path dir;
  static Files0 f;

  /** The files the cases name, made once. */
  record Files0(
      String plain,
      String binary,
      String empty,
      String emptyJson,
      String emptyList,
      String notJson,
      String pw,
      String testbedOk,
      String missing) {}

  @BeforeAll
  static void files() throws IOException {
    BadInputClasses.files(dir);
    // The testbeds' key and known_hosts files exist, so each bad file has exactly one problem.
    Files.writeString(dir.resolve("k"), "not a real key; validation only reads it\n");
    try {
      java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("EC");
      g.initialize(256);
      io.loadlab.provision.ssh.KnownHosts.record(
          dir.resolve("kh"), "127.0.0.1", 22, g.generateKeyPair().getPublic());
    } catch (java.security.GeneralSecurityException e) {
      throw new IOException(e);
    }
    Path plain = Files.writeString(dir.resolve("plain.txt"), "x\n");
    Path binary = Files.write(dir.resolve("binary.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
    Path empty = Files.writeString(dir.resolve("empty"), "");
    Path emptyJson = Files.writeString(dir.resolve("object.json"), "{}");
    Path emptyList = Files.writeString(dir.resolve("list.json"), "[]");
    Path notJson = Files.writeString(dir.resolve("bad.json"), "{not json");
    Path pw = Files.writeString(dir.resolve("pw"), "  \n");
    f =
        new Files0(
            plain.toString(),
            binary.toString(),
            empty.toString(),
            emptyJson.toString(),
            emptyList.toString(),
            notJson.toString(),
            pw.toString(),
            dir.resolve("testbed-ok.yaml").toString(),
            dir.resolve("missing.yaml").toString());
  }

  private static String yaml(String name, String text) {
    try {
      return Files.writeString(dir.resolve(name + ".yaml"), text, StandardCharsets.UTF_8)
          .toString();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static final String HOST =
      "name: t\nhosts:\n  h1:\n    address: 127.0.0.1\n    user: root\n    key-file: k\n"
          + "    known-hosts: kh\n    libvirt: test:///default\n";

  static final String GUEST =
      "guests:\n  g1:\n    host: h1\n    base-volume: base.qcow2\n    vcpus: 2\n"
          + "    memory: MEMORY\n    pinning: {policy: numa-node}\n"
          + "    network: {mode: bridge, bridge: br0}\n";

  private static Arguments c(String... args) {
    return Arguments.of((Object) args);
  }

  static Stream<Arguments> cases() {
    if (f == null) {
      try {
        files();
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
    List<Arguments> all = new ArrayList<>();
    String under = f.plain() + "/sub";
    // Unknown commands and options, prefixes, groups
    for (String cmd :
        new String[] {
          "frobnicate",
          "amqp frob",
          "net frob",
          "ds2 frob",
          "lab frob",
          "provision frob",
          "netrr",
          "AMQP"
        }) {
      all.add(c(cmd.split(" ")));
    }
    String[][] commands = {
      {"demo"}, {"net", "serve"}, {"net", "rr"}, {"net", "crr"}, {"net", "stream"},
      {"amqp", "throughput"}, {"amqp", "latency"}, {"broker"}, {"ds2", "load"}, {"ds2", "run"},
      {"ds2", "check"}, {"ds2", "reset"}, {"ds2", "generate"}, {"report"}
    };
    for (String[] cmd : commands) {
      all.add(c(concat(cmd, "--bogus")));
      all.add(c(concat(cmd, "--hel")));
      all.add(c(concat(cmd, "--debu")));
      all.add(c(concat(cmd, "--password", "hunter2")));
      all.add(c(concat(cmd, "positional-argument")));
    }
    // Shared run options on every load command
    String[][] load = {
      {"net", "rr"}, {"net", "crr"}, {"net", "stream"}, {"amqp", "throughput"}, {"amqp", "latency"}
    };
    for (String[] cmd : load) {
      all.add(c(concat(cmd, "--dur", "1s")));
      all.add(c(concat(cmd, "--duration", "10x")));
      all.add(c(concat(cmd, "--duration", "-5s")));
      all.add(c(concat(cmd, "--duration", "99999999999999999999h")));
      all.add(c(concat(cmd, "--duration", "1s", "--duration", "2s")));
      all.add(c(concat(cmd, "--warmup", "abc")));
      all.add(c(concat(cmd, "--interval", "1y")));
      all.add(c(concat(cmd, "--output", under)));
      all.add(c(concat(cmd, "--output", f.plain())));
      all.add(c(concat(cmd, "--json", under + "/r.json")));
      all.add(c(concat(cmd, "--json", dir.toString())));
      all.add(c(concat(cmd, "--csv", under + "/i.csv")));
      all.add(c(concat(cmd, "--jtl", under + "/s.jtl")));
      all.add(c(concat(cmd, "--hlog", under + "/h.hlog")));
      all.add(c(concat(cmd, "--markdown", under + "/s.md")));
      all.add(c(concat(cmd, "--testbed", f.missing())));
      all.add(c(concat(cmd, "--testbed", f.binary())));
      all.add(c(concat(cmd, "--testbed", f.notJson())));
      all.add(c(concat(cmd, "--label", "a", "--label", "b")));
      all.add(c(concat(cmd, "--duration")));
    }
    // net
    for (String w : new String[] {"rr", "crr", "stream"}) {
      all.add(c("net", w, "--users", "0"));
      all.add(c("net", w, "--users", "1,,2"));
      all.add(c("net", w, "--users", "abc"));
      all.add(c("net", w, "--request", "-1"));
      all.add(c("net", w, "--request", "999999999999G"));
      all.add(c("net", w, "--port", "70000"));
      all.add(c("net", w, "--port", "http"));
      all.add(c("net", w, "--rate", "fast"));
      all.add(c("net", w, "--rate", "-1"));
      all.add(c("net", w, "--nodelay", "maybe"));
      all.add(c("net", w, "--connect-timeout", "soon"));
      all.add(c("net", w, "--host", "127.0.0.1", "--host", "127.0.0.2"));
    }
    all.add(c("net", "serve", "--port", "-1"));
    all.add(c("net", "serve", "--port", "65536"));
    all.add(c("net", "serve", "--port", "1", "--port", "2"));
    // amqp: broker URIs and secrets
    for (String w : new String[] {"throughput", "latency"}) {
      for (String uri :
          new String[] {
            "amqp://",
            "amqp://127.0.0.1:notaport",
            "amqp://:5672",
            "amqp://h:0",
            "amqp://h:70000",
            "http://h:5672",
            "failover:(",
            "amqp://alice:pw@127.0.0.1:5672",
            "amqp://127.0.0.1:5672?jms.password=pw",
            "failover:(amqp://u:pw@a:1,amqp://b:2)",
            ""
          }) {
        all.add(c("amqp", w, "--broker", uri));
      }
      all.add(c("amqp", w, "--broker", "amqp://a:1", "--broker", "amqp://b:2"));
      all.add(c("amqp", w, "--password-file", f.pw()));
      all.add(c("amqp", w, "--password-file", f.missing()));
      all.add(c("amqp", w, "--trust-store-password-file", f.pw()));
      all.add(c("amqp", w, "--size", "abc"));
      all.add(c("amqp", w, "--size", "999999999999G"));
      all.add(c("amqp", w, "--prefetch", "-1"));
      all.add(c("amqp", w, "--prefetch", "many"));
      all.add(c("amqp", w, "--tcp-nodelay", "sometimes"));
      all.add(c("amqp", w, "--wait-strategy", "lazy"));
      all.add(c("amqp", w, "--max-frame-size", "99999999999999"));
    }
    all.add(c("amqp", "throughput", "--npubs", "0"));
    all.add(c("amqp", "throughput", "--count", "-1"));
    all.add(c("amqp", "latency", "--rate", "-5"));
    // broker
    all.add(c("broker", "--persistent", "--data-dir", f.plain()));
    all.add(c("broker", "--persistent", "--data-dir", under));
    all.add(c("broker", "--port", "70000"));
    all.add(c("broker", "--tls-keystore-password-file", f.pw()));
    all.add(c("broker", "--port", "1", "--port", "2"));
    // ds2: options the command line checks before any database
    for (String w : new String[] {"load", "run", "check", "reset"}) {
      all.add(c("ds2", w, "--url", "jdbc:postgresql://127.0.0.1:1/ds2?password=pw"));
      all.add(c("ds2", w, "--url", "jdbc:sqlserver://h:1;user=a;password=pw"));
      all.add(c("ds2", w, "--url", "jdbc:postgresql://alice:pw@127.0.0.1:1/ds2"));
      all.add(c("ds2", w, "--url", "jdbc:a://h/x", "--url", "jdbc:b://h/y"));
      all.add(c("ds2", w, "--data-dir", f.plain()));
      all.add(c("ds2", w, "--data-dir", under));
      all.add(c("ds2", w, "--password-file", f.missing()));
      all.add(c("ds2", w, "--db-size", "10MB", "--db-size", "1GB"));
    }
    all.add(c("ds2", "generate", "--out", under));
    // numbers the loader and the generator take, checked before any database or file
    String generated = dir.resolve("generated").toString();
    for (String opt : new String[] {"--seed", "--load-threads"}) {
      all.add(c("ds2", "load", opt, "many"));
      all.add(c("ds2", "generate", "--out", generated, opt, "many"));
    }
    all.add(c("ds2", "generate", "--out", f.plain()));
    all.add(c("ds2", "generate"));
    // ranges checked before the embedded PostgreSQL starts (it printed its start line first)
    all.add(c("ds2", "run", "--threads", "-3"));
    all.add(c("ds2", "run", "--ramp-rate", "0"));
    all.add(c("ds2", "run", "--n-line-items", "9"));
    // a directory whose bits allow writing but that takes no new file (root on /proc)
    all.add(c("net", "rr", "--output", "/proc/loadlab-x"));
    all.add(c("ds2", "generate", "--out", "/proc/loadlab-x"));
    // provision and lab: YAML files of every kind
    for (String verb : new String[] {"plan", "apply", "status", "teardown"}) {
      all.add(c("provision", verb));
      all.add(c("provision", verb, f.missing()));
      all.add(c("provision", verb, f.binary()));
      all.add(c("provision", verb, f.empty()));
      all.add(c("provision", verb, "a.yaml", "b.yaml"));
    }
    all.add(c("provision", "apply", f.missing(), "--health-timeout", "10 parsecs"));
    all.add(c("provision", "apply", f.missing(), "--boot-timeout", "10 parsecs"));
    all.add(c("provision", "teardown", f.missing(), "--shutdown-timeout", "10 parsecs"));
    String[] badTestbeds = {
      yaml("dup-top", "name: a\nname: b\nhosts: {}\n"),
      yaml("dup-host-field", HOST.replace("    user: root\n", "    user: root\n    user: x\n")),
      yaml("unknown", HOST.replace("key-file", "keyfile")),
      yaml("unknown-top", HOST + "gusets: {}\n"),
      yaml("syntax", "name: [unclosed\n"),
      yaml("tabs", "name: t\n\thosts: {}\n"),
      yaml("port", HOST.replace("    user: root\n", "    user: root\n    port: 70000\n")),
      yaml("port-text", HOST.replace("    user: root\n", "    user: root\n    port: ssh\n")),
      yaml(
          "same-host",
          HOST
              + "  h2:\n    address: 127.0.0.1\n    user: root\n"
              + "    key-file: k\n    known-hosts: kh\n"),
      yaml("memory", HOST + GUEST.replace("MEMORY", "999999999999G")),
      yaml("list", "- a\n- b\n"),
      yaml("scalar", "just text\n"),
      yaml("aliases", aliasBomb()),
      yaml("no-hosts", "name: t\n"),
      yaml("guest-host", HOST + GUEST.replace("MEMORY", "2G").replace("host: h1", "host: nowhere")),
    };
    for (String t : badTestbeds) {
      all.add(c("provision", "plan", t));
      all.add(c("provision", "apply", t));
    }
    for (String verb : new String[] {"up", "down"}) {
      all.add(c("lab", verb));
      all.add(c("lab", verb, f.missing()));
      all.add(c("lab", verb, f.binary()));
      all.add(c("lab", verb, f.empty()));
      all.add(c("lab", verb, yaml("lab-dup", "name: a\nname: b\n")));
      all.add(c("lab", verb, yaml("lab-unknown", "name: a\nhostz: {}\n")));
      all.add(c("lab", verb, yaml("lab-syntax", "name: [a\n")));
      all.add(c("lab", verb, yaml("lab-aliases", aliasBomb())));
      all.add(c("lab", verb, "--state-dir", f.plain(), f.missing()));
    }
    // report and compare: JMH and result JSON
    all.add(c("report"));
    all.add(c("report", "--jmh", f.missing()));
    all.add(c("report", "--jmh", f.binary()));
    all.add(c("report", "--jmh", f.emptyList()));
    all.add(c("report", "--jmh", f.emptyJson()));
    all.add(c("report", "--jmh", f.notJson()));
    all.add(c("report", "--jmh", f.empty()));
    all.add(c("report", "--jmh", f.emptyList(), "--output", under));
    all.add(c("report", "--jmh", f.emptyList(), "--jmh", f.emptyList()));
    all.add(c("compare"));
    all.add(c("compare", f.emptyJson()));
    all.add(c("compare", f.emptyJson(), f.emptyJson()));
    all.add(c("compare", f.binary(), f.binary()));
    String layout =
        "name: c\nconfigurations: [{name: a, attributes: {mtu: 1500}}]\n"
            + "steps: [{name: rr, run: net rr, options: {duration: 1s}}]\n"
            + "tables: [{title: T, rows: ROWS, values: [{step: rr, figure: FIGURE, unit: UNIT}]}]\n";
    String unknownFactor =
        yaml(
            "layout-factor",
            layout.replace("ROWS", "MTU").replace("FIGURE", "p50Us").replace("UNIT", "ms"));
    String unitMismatch =
        yaml(
            "layout-unit",
            layout.replace("ROWS", "mtu").replace("FIGURE", "bytesPerSec").replace("UNIT", "ms"));
    for (String verb : new String[] {"plan", "run"}) {
      all.add(c("campaign", verb, f.binary()));
      all.add(c("campaign", verb, f.missing()));
      all.add(c("campaign", verb, unknownFactor));
      all.add(c("campaign", verb, unitMismatch));
    }
    all.add(c("compare", f.notJson(), f.notJson()));
    all.add(c("compare", f.missing(), f.missing()));
    all.add(c("compare", f.emptyList(), f.emptyList()));
    all.add(c("compare", f.empty(), f.empty()));
    // demo
    all.add(c("demo", "--duration", "abc"));
    all.add(c("demo", "--only", "nothing-like-this"));
    all.add(c("demo", "--output", under));
    return all.stream();
  }

  private static String aliasBomb() {
    StringBuilder bomb = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x]\n");
    char prev = 'a';
    for (char ch = 'b'; ch <= 'j'; ch++) {
      bomb.append(ch).append(": &").append(ch).append(" [");
      for (int i = 0; i < 9; i++) {
        bomb.append(i == 0 ? "" : ", ").append('*').append(prev);
      }
      bomb.append("]\n");
      prev = ch;
    }
    return bomb.toString();
  }

  private static String[] concat(String[] head, String... tail) {
    String[] all = new String[head.length + tail.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  @Test
  void thereAreAtLeastTwoHundredCases() {
    assertTrue(cases().count() >= 200, "cases: " + cases().count());
  }

  @ParameterizedTest(name = "{index}: {0}")
  @MethodSource("cases")
  void refusedWithOneLineExitTwoAndNothingStarted(String[] args) throws IOException {
    HeldByThisJvm before = HeldByThisJvm.now();
    CliRun o = CliRun.of(args);
    assertRefused(args, o, before);
  }

  /**
   * The classes of {@link BadInputClasses} over every command: refused as above, in under 2 s, the
   * line naming the problem and short enough to read.
   */
  @ParameterizedTest(name = "{index}: {2}")
  @MethodSource({
    "io.loadlab.e2e.BadInputClasses#secretFiles",
    "io.loadlab.e2e.BadInputClasses#otherDigits",
    "io.loadlab.e2e.BadInputClasses#longValues",
    "io.loadlab.e2e.BadInputClasses#aliases",
    "io.loadlab.e2e.BadInputClasses#sizesTooLarge",
    "io.loadlab.e2e.BadInputClasses#jsonNumbersOutOfRange"
  })
  void everyClassIsRefusedAtOnceNamingTheProblem(String[] args, String expect, String label)
      throws IOException {
    HeldByThisJvm before = HeldByThisJvm.now();
    CliRun o =
        assertTimeoutPreemptively(
            Duration.ofSeconds(2), () -> CliRun.of(args), "refused within 2 s: " + label);
    String what = label + "\nerr: " + Texts.cut(o.err());
    assertTrue(o.err().length() <= 400, "a readable line (" + o.err().length() + "): " + what);
    assertRefused(args, o, before);
    assertTrue(o.err().contains(expect), "names the problem ('" + expect + "'): " + what);
  }

  /**
   * Every bad value an option's description implies ({@link BadInputClasses#fromDescriptions}) is
   * refused by the command's checks ({@code Main.check}, what a campaign runs before it starts
   * anything), but for a file the cases name, which only the run's path checks see.
   */
  @Test
  void everyBadValueTheDescriptionsImplyIsRefusedByTheChecks() {
    List<String> accepted = new ArrayList<>();
    for (String[] args : BadInputClasses.fromDescriptions()) {
      if (args[args.length - 1].startsWith(BadInputClasses.dir().toString())) {
        continue;
      }
      try {
        io.loadlab.cli.Main.check(List.of(args));
        accepted.add(String.join(" ", args));
      } catch (RuntimeException refused) {
        // as it should be
      }
    }
    assertEquals(List.of(), accepted, "accepted by the checks");
  }

  @Test
  void theClassesCoverEveryCommandThatTakesSuchValues() {
    assertTrue(BadInputClasses.secretFiles().count() >= 4 * 10, "secret-file cases");
    assertTrue(BadInputClasses.otherDigits().count() >= 100, "digit cases");
    assertTrue(BadInputClasses.longValues().count() >= 200, "long-value cases");
    assertTrue(BadInputClasses.sizesTooLarge().count() >= 15, "size cases");
    assertTrue(BadInputClasses.jsonNumbersOutOfRange().count() >= 8, "JSON cases");
  }

  private static void assertRefused(String[] args, CliRun o, HeldByThisJvm before) {
    String what = Texts.cut(String.join(" ", args)) + "\nout: " + o.out() + "\nerr: " + o.err();
    assertEquals(2, o.code(), what);
    assertEquals(1, o.err().strip().lines().count(), "one line: " + what);
    assertTrue(o.err().startsWith("loadlab: "), what);
    assertFalse(EXCEPTION_NAME.matcher(o.err()).find(), "no exception name: " + what);
    assertFalse(o.err().contains("hunter2") || o.out().contains("hunter2"), "no secret: " + what);
    assertEquals("", o.out(), "nothing ran: " + what);
    assertEquals(Set.of(), before.listeningSince(), "a socket was left listening: " + what);
    assertEquals(Set.of(), before.childrenSince(), "a process was started: " + what);
  }

  /** Cases that would start something if their check came late: run as a user runs them. */
  static Stream<Arguments> childCases() throws IOException {
    if (BadInputClasses.fifo() == null) {
      files();
    }
    return Stream.of(
        c("amqp", "throughput", "--threads", "1", "--broker", "amqp://"),
        c("amqp", "latency", "--size", "64", "--json", "/proc/version/x.json"),
        c("broker", "--persistent", "--data-dir", "/proc/version"),
        c("net", "rr", "--output", "/proc/version/run"),
        c("net", "serve", "--port", "70000"),
        c("ds2", "run", "--url", "jdbc:postgresql://127.0.0.1:1/ds2?password=pw"),
        c("ds2", "load", "--data-dir", "/proc/version"),
        c("amqp", "throughput", "--password-file", "/dev/null"),
        // a pipe blocked the read, /dev/zero never ended it (and SIGTERM was not heard)
        c("amqp", "throughput", "--password-file", BadInputClasses.fifo().toString()),
        c("ds2", "run", "--password-file", "/dev/zero"));
  }

  @ParameterizedTest(name = "child {index}: {0}")
  @MethodSource("childCases")
  void asAChildProcessNothingListensAndNothingIsSpawned(String[] args) throws Exception {
    Process p = new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(false).start();
    Set<Long> listening = new HashSet<>();
    Set<Long> spawned = new HashSet<>();
    while (p.isAlive()) {
      listening.addAll(Sockets.listeningInodes(p.pid()));
      p.toHandle().descendants().forEach(d -> spawned.add(d.pid()));
      Thread.sleep(20);
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String what = String.join(" ", args) + "\nout: " + out + "\nerr: " + err;
    assertEquals(2, p.exitValue(), what);
    assertEquals(1, err.strip().lines().count(), "one line: " + what);
    assertFalse(EXCEPTION_NAME.matcher(err).find(), what);
    assertTrue(listening.isEmpty(), "the process listened on a port: " + what);
    assertTrue(spawned.isEmpty(), "the process started another: " + spawned + " " + what);
  }
}
