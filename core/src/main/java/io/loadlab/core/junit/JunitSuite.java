package io.loadlab.core.junit;

import java.util.List;

/**
 * One {@code testsuite}: a run, or a campaign's configuration and step.
 *
 * @param name the suite's name, such as {@code net rr (bare)}
 * @param timestamp when it started, as {@code 2026-05-01T10:00:00} (UTC), or {@code null}
 * @param seconds how long it took
 * @param cases its test cases, in order
 */
public record JunitSuite(String name, String timestamp, double seconds, List<Case> cases) {
  public JunitSuite {
    cases = List.copyOf(cases);
  }

  /** How a test case ended. */
  public enum Outcome {
    PASSED,
    /** A check that did not hold: a {@code failure} element. */
    FAILED,
    /** Something that kept the check from being made (a run stopped early): an {@code error}. */
    ERROR,
    SKIPPED
  }

  /**
   * One {@code testcase}.
   *
   * @param classname what CI servers group cases by (the suite's name)
   * @param name the check, stable from run to run so CI can track its history
   * @param seconds how long it took (0 for a check on a finished run)
   * @param outcome how it ended
   * @param message the failure's or error's one line, such as the measured value
   * @param output text for {@code system-out} (the measured value of a check that held), or null
   */
  public record Case(
      String classname,
      String name,
      double seconds,
      Outcome outcome,
      String message,
      String output) {

    /** A case that held, with what was measured. */
    public static Case passed(String classname, String name, double seconds, String output) {
      return new Case(classname, name, seconds, Outcome.PASSED, null, output);
    }

    /** A case that failed with {@code message}. */
    public static Case failed(String classname, String name, double seconds, String message) {
      return new Case(classname, name, seconds, Outcome.FAILED, message, null);
    }
  }

  /** Cases that failed. */
  public long failures() {
    return count(Outcome.FAILED);
  }

  /** Cases that ended in an error. */
  public long errors() {
    return count(Outcome.ERROR);
  }

  /** Cases skipped. */
  public long skipped() {
    return count(Outcome.SKIPPED);
  }

  private long count(Outcome o) {
    return cases.stream().filter(c -> c.outcome() == o).count();
  }
}
