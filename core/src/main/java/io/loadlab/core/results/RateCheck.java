package io.loadlab.core.results;

/**
 * A paced operation's target rate set against the rate it achieved over its measured window. A
 * paced run that falls behind measures its own sender (or a queue in front of it), not the system
 * under test, so a rate below {@code tolerance} of the target fails the run.
 *
 * @param operation the paced operation
 * @param unit what the rate counts, such as {@code msg/s} or {@code tx/s}
 * @param targetPerSec the rate asked for
 * @param achievedPerSec the rate measured over the operation's measured window
 * @param tolerance the share of the target that counts as held, such as 0.95
 * @param held true if {@code achievedPerSec >= tolerance * targetPerSec}
 */
public record RateCheck(
    String operation,
    String unit,
    double targetPerSec,
    double achievedPerSec,
    double tolerance,
    boolean held) {

  /** The achieved share of the target, such as 0.26. */
  public double ratio() {
    return targetPerSec > 0 ? achievedPerSec / targetPerSec : 1;
  }
}
