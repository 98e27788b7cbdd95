package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class MainTest {
  static CliRun run(String... args) {
    return CliRun.of(args);
  }

  @Test
  void helpListsCommands() {
    CliRun o = run("--help");
    assertEquals(0, o.code());
    assertTrue(o.out().contains("demo"), o.out());
    assertTrue(o.out().contains("usage: loadlab <command>"), o.out());
  }

  @Test
  void versionPrintsVersion() {
    CliRun o = run("--version");
    assertEquals(0, o.code());
    assertTrue(o.out().startsWith("loadlab "), o.out());
  }

  @Test
  void commandHelpListsSharedOptions() {
    CliRun o = run("demo", "--help");
    assertEquals(0, o.code());
    assertTrue(o.out().contains("--only"), o.out());
  }

  @Test
  void unknownCommandIsOneLineExitTwo() {
    CliRun o = run("frobnicate");
    assertEquals(2, o.code());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertTrue(o.err().contains("unknown command 'frobnicate'"), o.err());
  }

  @Test
  void unknownOptionIsOneLineExitTwoWithoutStackTrace() {
    CliRun o = run("demo", "--bogus");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("unknown option '--bogus'"), o.err());
    assertFalse(o.err().contains("\tat "), o.err());
  }

  @Test
  void badDurationNamesTheOption() {
    CliRun o = run("demo", "--duration", "10x");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("--duration: '10x' is not a duration"), o.err());
  }

  @Test
  void debugShowsTheStackTrace() {
    CliRun o = run("demo", "--duration", "10x", "--debug");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("\tat "), o.err());
  }
}
