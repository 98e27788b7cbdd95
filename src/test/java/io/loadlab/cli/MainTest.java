package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class MainTest {
  record Outcome(int code, String out, String err) {}

  static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void helpListsCommands() {
    Outcome o = run("--help");
    assertEquals(0, o.code());
    assertTrue(o.out().contains("demo"), o.out());
    assertTrue(o.out().contains("usage: loadlab <command>"), o.out());
  }

  @Test
  void versionPrintsVersion() {
    Outcome o = run("--version");
    assertEquals(0, o.code());
    assertTrue(o.out().startsWith("loadlab "), o.out());
  }

  @Test
  void commandHelpListsSharedOptions() {
    Outcome o = run("demo", "--help");
    assertEquals(0, o.code());
    assertTrue(o.out().contains("--only"), o.out());
  }

  @Test
  void unknownCommandIsOneLineExitTwo() {
    Outcome o = run("frobnicate");
    assertEquals(2, o.code());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains("unknown command 'frobnicate'"), o.err());
  }

  @Test
  void unknownOptionIsOneLineExitTwoWithoutStackTrace() {
    Outcome o = run("demo", "--bogus");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("unknown option '--bogus'"), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void badDurationNamesTheOption() {
    Outcome o = run("demo", "--duration", "10x");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("--duration: '10x' is not a duration"), o.err());
  }

  @Test
  void debugShowsTheStackTrace() {
    Outcome o = run("demo", "--duration", "10x", "--debug");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("\tat "), o.err());
  }
}
