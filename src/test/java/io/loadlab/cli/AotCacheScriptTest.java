package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers' ahead-of-time cache (lib/aot-cache.sh, {@code LOADLAB_AOT=1} turns it on) with a
 * stand-in java that writes the cache and exits as a real training run may: a training run that
 * fails its own rate check still leaves a cache, and a cache older than the jar is never handed to
 * the JVM (it would be refused, and every run would train again).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AotCacheScriptTest {
  static final Path SCRIPT =
      Path.of(System.getProperty("user.dir"), "src", "main", "dist", "lib", "aot-cache.sh");

  @TempDir Path dir;

  @Test
  void aTrainingRunThatExitsOneStillMakesTheCache() throws Exception {
    Path java = fakeJava(1, true);
    Path jar = Files.writeString(dir.resolve("loadlab.jar"), "jar");
    String opts = aotOpts(java, jar);
    Path cache = dir.resolve("loadlab-25_fake-amqp.aot");
    assertEquals("-XX:AOTCache=" + cache, opts.strip());
    assertTrue(Files.size(cache) > 0);
    assertEquals(1, trainings(), "one training run");
    aotOpts(java, jar);
    assertEquals(1, trainings(), "a fresh cache is not made again");
  }

  @Test
  void aStaleCacheIsNeverPassedOn() throws Exception {
    Path java = fakeJava(1, false); // this training run writes no cache
    Path jar = Files.writeString(dir.resolve("loadlab.jar"), "jar");
    Path cache = Files.writeString(dir.resolve("loadlab-25_fake-amqp.aot"), "old");
    Files.setLastModifiedTime(cache, FileTime.from(Instant.now().minusSeconds(3600)));
    String opts = aotOpts(java, jar);
    assertEquals("", opts.strip(), "no cache option when the cache is stale and no new one came");
    assertFalse(Files.exists(cache), "the stale cache is removed");
  }

  @Test
  void offUnlessLoadlabAotIsOne() throws Exception {
    Path java = fakeJava(0, true);
    Path jar = Files.writeString(dir.resolve("loadlab.jar"), "jar");
    assertEquals("", aotOpts(java, jar, null).strip());
    assertEquals("", aotOpts(java, jar, "0").strip());
    assertEquals(0, trainings(), "no training run unless asked");
    assertTrue(aotOpts(java, jar, "1").strip().startsWith("-XX:AOTCache="));
    assertEquals(1, trainings());
  }

  @Test
  void aCampaignThatNamesAmqpMakesTheCacheBeforeItsFirstRunAndOthersDoNot() throws Exception {
    Path java = fakeJava(0, true);
    Path jar = Files.writeString(dir.resolve("loadlab.jar"), "jar");
    Path net = Files.writeString(dir.resolve("net.yaml"), "steps:\n  - run: net rr\n");
    Path amqp = Files.writeString(dir.resolve("amqp.yaml"), "steps:\n  - run: amqp latency\n");
    assertEquals("", prepare(java, jar, "campaign", "run", net.toString()).strip());
    assertEquals("", prepare(java, jar, "net", "rr").strip());
    assertEquals(0, trainings(), "no amqp: no training run");
    Path cache = dir.resolve("loadlab-25_fake-amqp.aot");
    assertEquals(cache.toString(), prepare(java, jar, "campaign", "run", amqp.toString()).strip());
    assertEquals(1, trainings());
    assertEquals(
        cache.toString(),
        prepare(java, jar, "net", "rr").strip(),
        "a fresh cache is named to every command, for a campaign's amqp runs");
    assertEquals(1, trainings());
  }

  /** loadlab_aot_prepare for the given command line, LOADLAB_AOT=1. */
  private String prepare(Path java, Path jar, String... command)
      throws IOException, InterruptedException {
    ProcessBuilder pb =
        new ProcessBuilder(
                "bash",
                "-c",
                ". \"$0\"; loadlab_aot_prepare 25 \"$1\" \"$2\" \"$3\" \"${@:4}\"",
                SCRIPT.toString(),
                java.toString(),
                jar.toString(),
                dir.toString())
            .redirectError(dir.resolve("stderr.txt").toFile());
    pb.command().addAll(List.of(command));
    pb.environment().put("LOADLAB_AOT", "1");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), () -> "stderr: " + read(dir.resolve("stderr.txt")));
    return out;
  }

  private String aotOpts(Path java, Path jar) throws IOException, InterruptedException {
    return aotOpts(java, jar, "1");
  }

  /** loadlab_aot_opts for an amqp command, with LOADLAB_AOT set to {@code aot} (null: unset). */
  private String aotOpts(Path java, Path jar, String aot) throws IOException, InterruptedException {
    ProcessBuilder pb =
        new ProcessBuilder(
                "bash",
                "-c",
                ". \"$0\"; loadlab_aot_opts 25 \"$1\" \"$2\" \"$3\" amqp",
                SCRIPT.toString(),
                java.toString(),
                jar.toString(),
                dir.toString())
            .redirectError(dir.resolve("stderr.txt").toFile());
    if (aot == null) {
      pb.environment().remove("LOADLAB_AOT");
    } else {
      pb.environment().put("LOADLAB_AOT", aot);
    }
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), () -> "stderr: " + read(dir.resolve("stderr.txt")));
    return out;
  }

  private int trainings() throws IOException {
    Path log = dir.resolve("trainings");
    return Files.exists(log) ? Files.readAllLines(log).size() : 0;
  }

  /** A java that names its runtime "25_fake" and, in a training run, writes the cache or not. */
  private Path fakeJava(int trainingExit, boolean writesCache) throws IOException {
    Path java = dir.resolve("java");
    String script =
        "#!/bin/bash\n"
            + "case \"$1\" in\n"
            + "  -XshowSettings:properties) echo '    java.runtime.version = 25_fake' >&2; exit 0;;\n"
            + "  -XX:AOTCacheOutput=*) echo run >>'"
            + dir.resolve("trainings")
            + "'\n"
            + (writesCache ? "    printf cache >\"${1#-XX:AOTCacheOutput=}\"\n" : "")
            + "    exit "
            + trainingExit
            + ";;\n"
            + "esac\n";
    Files.writeString(java, script);
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return java;
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      return "";
    }
  }
}
