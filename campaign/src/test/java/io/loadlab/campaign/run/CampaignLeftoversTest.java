package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resumed campaign stops only children of the last one that still run: one that has exited and
 * waits to be reaped (a zombie) is not "left running".
 */
@Timeout(60)
class CampaignLeftoversTest {
  @TempDir Path dir;

  @Test
  void aChildThatExitedAndWasNotReapedIsNotStopped() throws Exception {
    // The backgrounded sleep exits and stays a zombie: its parent (exec'd into sleep 30) never
    // waits for it.
    Process parent =
        new ProcessBuilder("sh", "-c", "sleep 0.3 & echo $!; exec sleep 30")
            .redirectErrorStream(true)
            .start();
    try {
      long pid =
          Long.parseLong(
              new BufferedReader(
                      new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))
                  .readLine()
                  .strip());
      ProcessHandle h = ProcessHandle.of(pid).orElseThrow();
      String start = h.info().startInstant().map(Instant::toString).orElse(null);
      String command = CampaignResume.commandLine(h);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!Files.readString(Path.of("/proc", Long.toString(pid), "stat")).contains(") Z ")
          && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertTrue(
          Files.readString(Path.of("/proc", Long.toString(pid), "stat")).contains(") Z "),
          "a zombie now");
      assertTrue(ProcessHandle.of(pid).isPresent(), "which the JDK still finds");
      assertFalse(CampaignChildren.running(pid));
      Files.writeString(
          dir.resolve(CampaignChildren.FILE),
          new ObjectMapper()
              .writeValueAsString(
                  List.of(new CampaignChildren.Child(pid, start, command, "here", "service"))));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      CampaignChildren.stopLeftovers(dir, new PrintStream(out, true, StandardCharsets.UTF_8));
      assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing was left running");
      assertTrue(parent.isAlive(), "and nothing was stopped");
      assertTrue(CampaignChildren.running(parent.pid()));
    } finally {
      parent.destroyForcibly();
      parent.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
