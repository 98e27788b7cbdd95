package io.loadlab.core.failure;

/** Bad input: an option or field with a value that cannot work. Exit code 2. */
public class UsageException extends LoadlabException {
  public static final int EXIT_CODE = 2;

  public UsageException(String message) {
    super(message, EXIT_CODE);
  }

  public UsageException(String message, Throwable cause) {
    super(message, EXIT_CODE, cause);
  }
}
