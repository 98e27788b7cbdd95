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

  private static final Pattern URI_SECRET_PARAM =
      Pattern.compile(
          "(?i)[?&;(]\\s*(?:[a-z]+\\.)*(?:password|passwd|secret|token|passphrase)[a-z.]*=");

  private Secrets() {}

  /**
   * True if a URI holds a password, in its user info ({@code amqp://user:pw@host}) or in a
   * parameter ({@code ?jms.password=pw}, {@code ;password=pw}): the process list would show it.
   */
  public static boolean holdsSecret(String uri) {
    return uri != null && (USER_INFO.matcher(uri).find() || URI_SECRET_PARAM.matcher(uri).find());
  }

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
   * variable; returns {@code null} if neither is set. An empty file is refused. Errors never name
   * the file, in case the secret itself was given in its place.
   *
   * @param option the option naming the file, for error messages
   */
  public static String read(String option, Path file, String environmentVariable) {
    if (file != null) {
      String content;
      try {
        content = Files.readString(file).strip();
      } catch (Exception e) {
        throw new UsageException(
            option + ": cannot read the file it names; name a readable file holding the secret");
      }
      int newline = content.indexOf('\n');
      String secret = newline < 0 ? content : content.substring(0, newline).strip();
      if (secret.isEmpty()) {
        throw new UsageException(
            option + ": the file it names is empty; write the secret on its first line");
      }
      return secret;
    }
    return environmentVariable == null ? null : System.getenv(environmentVariable);
  }
}
