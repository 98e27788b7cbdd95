package io.loadlab.cli.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Debian's {@code promtool} (package {@code prometheus}, installed by .ci/run). */
final class Promtool {
  static final Path PATH = Path.of("/usr/bin/promtool");

  private Promtool() {}

  /** Fails the test, saying why, if promtool is not installed. */
  static void require() {
    assertTrue(
        Files.isExecutable(PATH),
        PATH + " is missing: install Debian's prometheus package (.ci/run does)");
  }

  /** Asserts that {@code promtool check metrics} accepts {@code text}. */
  static void assertAccepts(String text) throws IOException, InterruptedException {
    require();
    Process p =
        new ProcessBuilder(PATH.toString(), "check", "metrics").redirectErrorStream(true).start();
    p.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool check metrics ended");
    assertEquals(0, p.exitValue(), "promtool check metrics: " + said + "\n" + text);
  }
}
