package io.loadlab.core.failure;

/** The target (server, broker, database) could not be reached at all. Exit code 3. */
public class UnreachableTargetException extends LoadlabException {
  public static final int EXIT_CODE = 3;

  public UnreachableTargetException(String message) {
    super(message, EXIT_CODE);
  }

  public UnreachableTargetException(String message, Throwable cause) {
    super(message, EXIT_CODE, cause);
  }
}
