package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Campaign runs start with the JVM options the launcher chose for their command. */
class StepExecutorsTest {
  private static final List<String> DS2_RUN = List.of("ds2", "run", "--threads", "20");
  private static final String C1 = "-XX:TieredStopAtLevel=1";

  @Test
  void aDs2RunGetsTheLaunchersJitChoice() {
    assertEquals(List.of(C1), StepExecutors.jitOptions(DS2_RUN, null, C1));
    assertEquals(List.of(C1), StepExecutors.jitOptions(DS2_RUN, "-Xmx1g", " " + C1 + " "));
  }

  @Test
  void otherCommandsAndMachinesWithoutAChoiceGetNone() {
    assertEquals(List.of(), StepExecutors.jitOptions(List.of("net", "rr"), null, C1));
    assertEquals(List.of(), StepExecutors.jitOptions(List.of("ds2", "load"), null, C1));
    assertEquals(List.of(), StepExecutors.jitOptions(DS2_RUN, null, ""));
    assertEquals(List.of(), StepExecutors.jitOptions(DS2_RUN, null, null));
  }

  @Test
  void aJitNamedInTheRunsOwnOptionsWins() {
    for (String own :
        List.of(
            "-XX:TieredStopAtLevel=4",
            "-Xmx1g -XX:-TieredCompilation",
            "-Xint",
            "-XX:CompilationMode=high-only")) {
      assertEquals(List.of(), StepExecutors.jitOptions(DS2_RUN, own, C1), own);
    }
  }

  @Test
  void aRunTakesTheLaunchersCompatibilityOptionsOfJava24AndNewer() {
    assertEquals(
        List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED"),
        StepExecutors.compatibilityOptions(
            List.of(
                "-Xmx1g",
                "--sun-misc-unsafe-memory-access=allow",
                "-XX:SharedArchiveFile=x.jsa",
                "--enable-native-access=ALL-UNNAMED")));
    assertEquals(List.of(), StepExecutors.compatibilityOptions(List.of("-Xmx1g")));
  }

  @Test
  void aRunStartsFromLoadlabJarWhenThatIsTheClassPathSoItsManifestApplies() {
    assertEquals(
        List.of("-jar", "/opt/loadlab/lib/loadlab.jar"),
        StepExecutors.mainOf("/opt/loadlab/lib/loadlab.jar"));
    assertEquals(
        List.of("-cp", "a/classes:b.jar", "io.loadlab.cli.Main"),
        StepExecutors.mainOf("a/classes:b.jar"));
  }

  @Test
  void anAmqpRunStartsWithTheLaunchersAotCacheWhenItExists(@TempDir Path dir) throws Exception {
    Path cache = Files.writeString(dir.resolve("loadlab-25-amqp.aot"), "cache");
    List<String> latency = List.of("amqp", "latency", "--rate", "1000");
    assertEquals(
        List.of("-XX:AOTCache=" + cache),
        StepExecutors.aotOptions(latency, null, cache.toString()));
    assertEquals(List.of(), StepExecutors.aotOptions(List.of("net", "rr"), null, cache.toString()));
    assertEquals(
        List.of(),
        StepExecutors.aotOptions(latency, null, dir.resolve("missing.aot").toString()),
        "a cache that is not there is not passed on");
    assertEquals(List.of(), StepExecutors.aotOptions(latency, null, null));
    assertEquals(
        List.of(),
        StepExecutors.aotOptions(latency, "-XX:AOTCache=/other.aot", cache.toString()),
        "the run's own cache wins");
  }
}
