package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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

  /** The largest secret file read: a password or passphrase is far shorter. */
  public static final int MAX_FILE_BYTES = 4096;

  /**
   * Reads a secret from a file (first line, trimmed) or, if no file is named, from an environment
   * variable; returns {@code null} if neither is set. The file must be a regular file of at most
   * {@link #MAX_FILE_BYTES}: a named pipe would block the read and a device such as {@code
   * /dev/zero} never ends it, so both are refused before the file is opened. An empty file is
   * refused too. Errors never name the file, in case the secret itself was given in its place.
   *
   * @param option the option naming the file, for error messages
   */
  public static String read(String option, Path file, String environmentVariable) {
    if (file != null) {
      String content = readSmallFile(option, file);
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

  /**
   * Checks, without opening it, that {@code file} is a regular file small enough to hold a secret;
   * throws a {@link UsageException} naming the option otherwise.
   */
  public static void checkFile(String option, Path file) {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      throw new UsageException(
          option + ": cannot read the file it names; name a readable file holding the secret");
    }
    if (!attributes.isRegularFile()) {
      throw new UsageException(
          option
              + ": names "
              + (attributes.isDirectory() ? "a directory" : "a pipe, socket or device")
              + ", not a regular file; name a file holding the secret on its first line");
    }
    if (attributes.size() > MAX_FILE_BYTES) {
      throw new UsageException(
          option
              + ": the file it names has "
              + attributes.size()
              + " bytes, more than a secret file may ("
              + MAX_FILE_BYTES
              + "); name a file holding only the secret");
    }
  }

  /** The file's text, stripped, read no further than {@link #MAX_FILE_BYTES} even if it grows. */
  private static String readSmallFile(String option, Path file) {
    checkFile(option, file);
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_FILE_BYTES + 1);
    } catch (IOException | SecurityException e) {
      throw new UsageException(
          option + ": cannot read the file it names; name a readable file holding the secret");
    }
    if (bytes.length > MAX_FILE_BYTES) {
      throw new UsageException(
          option
              + ": the file it names has more than "
              + MAX_FILE_BYTES
              + " bytes; name a file holding only the secret");
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .decode(java.nio.ByteBuffer.wrap(bytes))
          .toString()
          .strip();
    } catch (CharacterCodingException e) {
      throw new UsageException(
          option + ": the file it names is not UTF-8 text; write the secret as text");
    }
  }
}
