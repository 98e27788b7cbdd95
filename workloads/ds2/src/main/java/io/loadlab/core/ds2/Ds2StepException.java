package io.loadlab.core.ds2;

import java.sql.SQLException;

/** A step of a user session failed with an SQL error; says which step. */
public final class Ds2StepException extends Exception {
  private final Ds2Step step;
  private final long nanos;

  public Ds2StepException(Ds2Step step, long nanos, SQLException cause) {
    super(step.operation() + " failed: " + cause.getMessage(), cause);
    this.step = step;
    this.nanos = nanos;
  }

  /** The step that failed. */
  public Ds2Step step() {
    return step;
  }

  /** How long the step ran before it failed. */
  public long nanos() {
    return nanos;
  }

  /** The SQL error. */
  public SQLException sqlException() {
    return (SQLException) getCause();
  }
}
