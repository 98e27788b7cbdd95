package io.loadlab.core.ds2;

/**
 * Sees each step of a user session as it completes, with its response time: the driver records
 * steps into the shared recorder through one, a JMeter sampler can make sub-results of them.
 */
@FunctionalInterface
public interface Ds2StepListener {
  /** A listener that ignores steps. */
  Ds2StepListener NONE = (step, nanos, outcome) -> {};

  /**
   * Called after a step succeeded.
   *
   * @param step the step
   * @param nanos its response time
   * @param outcome the step's result record ({@link Ds2LoginResult}, {@link Ds2BrowseResult}...)
   */
  void stepDone(Ds2Step step, long nanos, Record outcome);
}
