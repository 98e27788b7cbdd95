package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of logs, results and process lists: masks them in text that is recorded, and
 * reads them from files or environment variables rather than from the command line.
 */
public final class Secrets {
  /** The mask written in place of a secret. */
  public static final String MASK = "****";

  private static final Pattern USER_INFO = Pattern.compile("(://[^/:@\\s]+:)([^@/\\s]+)(@)");
  private static final Pattern SECRET_PARAM =
      Pattern.compile("(?i)((?:password|passwd|secret|token|passphrase)[a-z.]*=)([^&\\s,)]+)");
  private static final Pattern SECRET_OPTION =
      Pattern.compile("(?i)(--[a-z-]*(?:password|secret|token|passphrase)(?:\\s+|=))(?!-)(\\S+)");

  private Secrets() {}

  /**
   * Masks passwords in URIs ({@code amqp://user:pw@host}), in query parameters ({@code
   * jms.password=pw}) and in options ({@code --password pw}).
   */
  public static String mask(String text) {
    if (text == null) {
      return null;
    }
    String masked = USER_INFO.matcher(text).replaceAll("$1" + MASK + "$3");
    masked = SECRET_PARAM.matcher(masked).replaceAll("$1" + MASK);
    return SECRET_OPTION.matcher(masked).replaceAll("$1" + MASK);
  }

  /**
   * Reads a secret from a file (first line, trimmed) or, if no file is named, from an environment
   * variable; returns {@code null} if neither is set.
   *
   * @param option the option naming the file, for error messages
   */
  public static String read(String option, Path file, String environmentVariable) {
    if (file != null) {
      try {
        String content = Files.readString(file).strip();
        int newline = content.indexOf('\n');
        return newline < 0 ? content : content.substring(0, newline).strip();
      } catch (Exception e) {
        throw new UsageException(
            option + ": cannot read '" + file + "'; name a readable file holding the secret");
      }
    }
    return environmentVariable == null ? null : System.getenv(environmentVariable);
  }
}
