package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The binary tarball as a lab engineer uses it: unpacked anywhere, run through bin/loadlab. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DistributionIT {
  @TempDir static Path unpacked;
  static Path home;
  static String version;

  /** What a process printed and how it ended. */
  record Outcome(int code, String out, String err) {}

  @BeforeAll
  static void unpack() throws Exception {
    Path tarball = Path.of(System.getProperty("loadlab.dist.tarball"));
    version = System.getProperty("loadlab.version");
    assertTrue(Files.isRegularFile(tarball), "built by mvn package: " + tarball);
    Outcome tar = run(Map.of(), "tar", "xzf", tarball.toString(), "-C", unpacked.toString());
    assertEquals(0, tar.code(), tar.err());
    home = unpacked.resolve("loadlab-" + version);
  }

  @Test
  void holdsTheLauncherTheJarTheDocsAndTheExamplePlans() {
    assertTrue(Files.isExecutable(home.resolve("bin/loadlab")));
    assertTrue(Files.isRegularFile(home.resolve("lib/loadlab.jar")));
    assertTrue(Files.isRegularFile(home.resolve("README.md")));
    assertTrue(Files.isRegularFile(home.resolve("docs/configuration.md")));
    assertTrue(Files.isRegularFile(home.resolve("examples/jmeter/amqp-throughput.jmx")));
  }

  @Test
  void runsFromAnyDirectoryAndThroughASymbolicLink() throws Exception {
    Outcome direct = run(Map.of(), home.resolve("bin/loadlab").toString(), "--version");
    assertEquals(0, direct.code(), direct.err());
    assertEquals("loadlab " + version, direct.out().strip());
    // The first run archived the classes (AppCDS) for the next ones, which use it.
    try (var lib = Files.list(home.resolve("lib"))) {
      assertTrue(
          lib.anyMatch(f -> f.getFileName().toString().matches("loadlab-.+\\.jsa")),
          "a class-data archive in lib/: " + direct.err());
    }

    Path onPath = Files.createDirectories(unpacked.resolve("usr-local-bin"));
    Path link = Files.createSymbolicLink(onPath.resolve("loadlab"), home.resolve("bin/loadlab"));
    Path out = unpacked.resolve("rr-result");
    Outcome rr =
        run(
            Map.of(),
            link.toString(),
            "net",
            "rr",
            "--duration",
            "1s",
            "--quiet",
            "--output",
            out.toString());
    assertEquals(0, rr.code(), rr.out() + rr.err());
    assertTrue(Files.isRegularFile(out.resolve("result.json")), rr.out() + rr.err());
  }

  @Test
  void passesTheExitCodeOfBadInputThrough() throws Exception {
    Outcome bad =
        run(Map.of(), home.resolve("bin/loadlab").toString(), "net", "rr", "--users", "0");
    assertEquals(2, bad.code(), bad.err());
    assertTrue(bad.err().contains("--users"), bad.err());
  }

  /**
   * {@code ds2 run} on a machine of at most 2 CPUs compiles with C1 only (lib/launch-jit.sh); other
   * commands, bigger machines and a JIT in LOADLAB_JAVA_OPTS keep the JVM's default. GNU nproc
   * counts OMP_NUM_THREADS CPUs; the flag's final value shows the choice.
   */
  @Test
  void choosesTheJitOfADs2RunByTheMachine() throws Exception {
    assertEquals("1", tieredStopAtLevel("2", "", "ds2", "run", "--threads", "-3"));
    assertEquals("4", tieredStopAtLevel("8", "", "ds2", "run", "--threads", "-3"));
    assertEquals("4", tieredStopAtLevel("2", "", "net", "rr", "--users", "0"));
    assertEquals(
        "4", tieredStopAtLevel("2", "-XX:TieredStopAtLevel=4", "ds2", "run", "--threads", "-3"));
  }

  @Test
  void onJava24AndNewerADs2RunOnTwoCpusCompilesWithC1Only() throws Exception {
    Path jdk = installedJdk(24);
    assumeTrue(
        jdk != null,
        "skipped: no Java 24 or newer under /usr/lib/jvm (the development and CI machine has"
            + " Temurin 25 there)");
    List<String> cmd =
        List.of(home.resolve("bin/loadlab").toString(), "ds2", "run", "--threads", "-3");
    Outcome o =
        run(
            Map.of(
                "OMP_NUM_THREADS",
                "2",
                "JAVA_HOME",
                jdk.toString(),
                "LOADLAB_JAVA_OPTS",
                "-XX:+PrintFlagsFinal"),
            cmd.toArray(String[]::new));
    assertEquals(2, o.code(), o.err());
    assertTrue(o.out().matches("(?s).*\\bTieredStopAtLevel\\s+=\\s+1\\b.*"), o.out());
    assertTrue(o.out().matches("(?s).*\\bTieredCompilation\\s+=\\s+true\\b.*"), o.out());
  }

  /** A JDK of at least {@code feature} under /usr/lib/jvm (its release file says), or null. */
  private static Path installedJdk(int feature) throws IOException {
    Path jvm = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvm)) {
      return null;
    }
    try (var homes = Files.list(jvm)) {
      for (Path h : homes.sorted().toList()) {
        Path release = h.resolve("release");
        if (Files.isRegularFile(release) && Files.isExecutable(h.resolve("bin/java"))) {
          java.util.regex.Matcher m =
              java.util.regex.Pattern.compile("JAVA_VERSION=\"(\\d+)")
                  .matcher(Files.readString(release));
          if (m.find() && Integer.parseInt(m.group(1)) >= feature) {
            return h;
          }
        }
      }
    }
    return null;
  }

  /** TieredStopAtLevel of the JVM bin/loadlab starts for a command refused before it runs. */
  private static String tieredStopAtLevel(String cpus, String javaOpts, String... args)
      throws Exception {
    List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/loadlab").toString()));
    cmd.addAll(List.of(args));
    Outcome o =
        run(
            Map.of(
                "OMP_NUM_THREADS",
                cpus,
                "JAVA_HOME",
                System.getProperty("java.home"),
                "LOADLAB_JAVA_OPTS",
                (javaOpts + " -XX:+PrintFlagsFinal").strip()),
            cmd.toArray(String[]::new));
    assertEquals(2, o.code(), o.err());
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\\bTieredStopAtLevel\\s+=\\s+(\\d+)").matcher(o.out());
    assertTrue(m.find(), o.out());
    return m.group(1);
  }

  @Test
  void saysSoWhenThereIsNoJava() throws Exception {
    // A PATH with the tools the launcher needs and no java; no JAVA_HOME.
    Path tools = Files.createDirectories(unpacked.resolve("no-java-bin"));
    for (String tool : new String[] {"dirname", "readlink", "sed"}) {
      Path real = Path.of("/usr/bin", tool);
      Path target = Files.exists(real) ? real : Path.of("/bin", tool);
      Files.createSymbolicLink(tools.resolve(tool), target);
    }
    Outcome none =
        run(
            Map.of("PATH", tools.toString(), "JAVA_HOME", "", "LOADLAB_JDK_DIRS", ""),
            "/bin/sh",
            home.resolve("bin/loadlab").toString(),
            "--version");
    assertEquals(2, none.code(), none.out() + none.err());
    assertTrue(none.err().contains("no java found"), none.err());
  }

  @Test
  void takesTheNewestInstalledJavaWhenJavaHomeIsUnsetAndSaysWhich() throws Exception {
    // Two fake JDKs where packages put them: the newer one (99) runs loadlab, not the PATH's.
    Path jdks = Files.createDirectories(unpacked.resolve("jvm"));
    for (String feature : new String[] {"17", "99"}) {
      Path bin = Files.createDirectories(jdks.resolve("jdk-" + feature + "/bin"));
      Files.writeString(
          jdks.resolve("jdk-" + feature + "/release"), "JAVA_VERSION=\"" + feature + ".0.1\"\n");
      Path java = bin.resolve("java");
      Files.writeString(
          java,
          """
          #!/bin/sh
          case "$*" in
            *-XshowSettings*) echo "    java.specification.version = %1$s"; echo "    java.runtime.version = %1$s" ;;
            *) echo "fake java %1$s: $*" ;;
          esac
          """
              .formatted(feature));
      assertTrue(java.toFile().setExecutable(true));
    }
    Outcome o =
        run(
            Map.of("JAVA_HOME", "", "LOADLAB_JDK_DIRS", jdks.toString(), "LOADLAB_NO_CDS", "1"),
            home.resolve("bin/loadlab").toString(),
            "--version");
    assertEquals(0, o.code(), o.err());
    assertTrue(o.out().startsWith("fake java 99: "), o.out());
    assertTrue(o.out().contains("--version"), o.out());
    assertTrue(o.err().contains("running on Java 99, " + jdks.resolve("jdk-99")), o.err());

    // JAVA_HOME still chooses, and nothing is said.
    Outcome chosen =
        run(
            Map.of(
                "JAVA_HOME",
                jdks.resolve("jdk-17").toString(),
                "LOADLAB_JDK_DIRS",
                jdks.toString(),
                "LOADLAB_NO_CDS",
                "1"),
            home.resolve("bin/loadlab").toString(),
            "--version");
    assertTrue(chosen.out().startsWith("fake java 17: "), chosen.out());
    assertTrue(chosen.err().isEmpty(), chosen.err());
  }

  private static Outcome run(Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of(command)));
    pb.environment().putAll(env);
    Path err = Files.createTempFile(unpacked, "err", ".txt");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(90, TimeUnit.SECONDS), "finished: " + String.join(" ", command));
    return new Outcome(p.exitValue(), out, Files.readString(err));
  }
}
