package io.loadlab.cli.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.util.InstalledJdks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ds2 run --user-threads}: refused where the JVM cannot make such threads, and on a JDK 21+
 * a whole run with virtual users (in a child JVM of that JDK), as a user with JAVA_HOME would.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Ds2UserThreadsCliTest {
  @TempDir Path dir;

  /** Runs {@code ds2 run --user-threads kind}: refused with one line, no database started. */
  private String refused(String kind) {
    CliRun run =
        CliRun.of("ds2", "run", "--user-threads", kind, "--data-dir", dir.resolve("pg").toString());
    assertEquals(2, run.code(), run.err());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertFalse(Files.exists(dir.resolve("pg/PG_VERSION")), "the embedded database was started");
    return run.err();
  }

  @Test
  void aKindThatIsNoneIsRefusedBeforeAnythingStarts() {
    String err = refused("green");
    assertTrue(err.contains("--user-threads"), err);
    assertTrue(err.contains("auto, platform or virtual"), err);
  }

  @Test
  void virtualThreadsOnJava17AreRefusedNamingTheFix() {
    assumeTrue(
        Runtime.version().feature() < 21, "this JVM has virtual threads; the next test runs them");
    String err = refused("virtual");
    assertTrue(err.contains("Java 21 or newer"), err);
    assertTrue(err.contains("JAVA_HOME"), err);
  }

  @Test
  void aRunWithVirtualUsersOnAJdk21OrNewer() throws Exception {
    Optional<Path> jdk = InstalledJdks.atLeast(21, "LOADLAB_TEST_JDK21");
    assumeTrue(
        jdk.isPresent(),
        "no JDK 21 or newer: set LOADLAB_TEST_JDK21 to one (.ci/run does) to test virtual users");
    Path out = dir.resolve("run");
    Path log = dir.resolve("run.log");
    List<String> cmd = new ArrayList<>();
    cmd.add(jdk.get().resolve("bin/java").toString());
    cmd.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path")));
    cmd.add("io.loadlab.cli.Main");
    cmd.addAll(
        List.of(
            "ds2",
            "run",
            "--load",
            "--db-size",
            "1MB",
            "--data-dir",
            dir.resolve("pg").toString(),
            "--threads",
            "8",
            "--run-time",
            "3s",
            "--interval",
            "1s",
            "--user-threads",
            "virtual",
            "--output",
            out.toString()));
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(150, TimeUnit.SECONDS), "the run did not end");
    String printed = Files.readString(log);
    assertEquals(0, p.exitValue(), printed);
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertEquals(RunStatus.OK, result.status(), printed);
    assertTrue(result.figures().get("opm") > 0, printed);
    String json = Files.readString(out.resolve("result.json"));
    assertTrue(json.contains("\"user threads\" : \"virtual\""), json);
  }
}
