package io.loadlab.core.failure;

/**
 * A failure that a user can act on: its message is one line naming the problem and the fix, and
 * front-ends show it without a stack trace. The exit code tells scripts what kind of failure it
 * was.
 */
public class LoadlabException extends RuntimeException {
  private final int exitCode;

  public LoadlabException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public LoadlabException(String message, int exitCode, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  /** The process exit code a command-line run ends with. */
  public int exitCode() {
    return exitCode;
  }
}
