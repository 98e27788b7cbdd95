package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * A log line that reaches the console of the command line (such as {@code provision …
 * --record-host-keys}'s "recorded host key") reads as loadlab's own, not as a developer's log with
 * the thread and the logger's class name.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConsoleLogLinesTest {
  /** Logs as SshShell does when it records a host key, with the command line's logging. */
  public static void main(String[] args) {
    LoggerFactory.getLogger("io.loadlab.provision.ssh.SshShell")
        .info("recorded host key of 127.0.0.1:22 (SHA256:abc) in /tmp/known_hosts");
  }

  @Test
  void aLoggedLineHasNoThreadOrLoggerName() throws Exception {
    Process p =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    ConsoleLogLinesTest.class.getName()))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals("INFO recorded host key of 127.0.0.1:22 (SHA256:abc) in /tmp/known_hosts", out);
  }
}
