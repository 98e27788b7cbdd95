package io.loadlab.core.workload;

/**
 * Where a run's lines for its user go, besides its recording, in a front-end that has a user (the
 * command line: {@link WorkloadRunner#prepare(Object, RunConsole)}).
 */
public interface RunConsole {
  /** A warning about the run to come (without a {@code warning:} prefix). */
  void warning(String line);

  /**
   * A notice beside the run's output, as it is, such as what became of what the run made (the
   * command line: stderr).
   */
  void notice(String line);

  /**
   * A line of the run's own output, such as a table row (the command line: stdout, or stderr when
   * {@code --csv} writes to stdout).
   */
  void line(String line);
}
