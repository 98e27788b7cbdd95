package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The servers ({@code net serve}, {@code broker}) in a child JVM stopped by a signal: they stop
 * cleanly, name the signal as runs do and exit with 128 + its number.
 */
@Timeout(90)
class ServerSignalsTest {
  @TempDir Path dir;

  @Test
  void netServeStoppedBySigtermNamesIt() throws Exception {
    String log = stop("TERM", 143, "net", "serve", "--host", "127.0.0.1", "--port", "0");
    assertTrue(log.contains("loadlab net serve: stopped by SIGTERM after 0 transactions"), log);
  }

  @Test
  void brokerStoppedBySigintNamesIt() throws Exception {
    String log = stop("INT", 130, "broker", "--host", "127.0.0.1", "--port", "0");
    assertTrue(log.contains("loadlab broker: stopped by SIGINT"), log);
  }

  private String stop(String signal, int exitCode, String... args) throws Exception {
    Path log = dir.resolve(args[0] + ".log");
    Process p = ChildJvm.start(List.of(), log, args);
    try {
      assertTrue(
          ChildJvm.await(Duration.ofSeconds(40), () -> ChildJvm.text(log).contains("listening")),
          "started: " + ChildJvm.text(log));
      new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).start().waitFor();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stopped on SIG" + signal);
      assertEquals(exitCode, p.exitValue(), ChildJvm.text(log));
    } finally {
      p.destroyForcibly();
    }
    return ChildJvm.text(log);
  }
}
