package io.loadlab.core.util;

import io.loadlab.core.failure.UsageException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * Checks that a value is a host name or an IP address before anything looks it up: a name of at
 * most 253 characters in labels of letters, digits, {@code -} and {@code _} (RFC 1123, plus the
 * underscore Linux resolvers take), an IPv4 address, or an IPv6 address with or without brackets
 * and zone. A value that cannot be a host is refused at once rather than after a resolver's
 * timeout.
 */
public final class HostNames {
  /** The longest host name DNS carries. */
  public static final int MAX_LENGTH = 253;

  private static final Pattern LABEL =
      Pattern.compile("[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?");
  private static final Pattern IPV6 =
      Pattern.compile("[0-9A-Fa-f:][0-9A-Fa-f:.]*(?:%[A-Za-z0-9_.-]{1,32})?");

  private HostNames() {}

  /**
   * Checks {@code text} and returns it trimmed (brackets kept).
   *
   * @param option the option or field, for the message
   * @throws UsageException naming the option and the fix
   */
  public static String check(String option, String text) {
    String t = text == null ? "" : text.trim();
    if (t.isEmpty()) {
      throw new UsageException(option + ": a host name or address is needed, e.g. 10.0.0.2");
    }
    if (t.length() > MAX_LENGTH + 2) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(t)
              + "' is too long for a host name ("
              + t.length()
              + " characters; at most "
              + MAX_LENGTH
              + ")");
    }
    if (t.indexOf(':') >= 0) {
      String literal = t.startsWith("[") && t.endsWith("]") ? t.substring(1, t.length() - 1) : t;
      if (!IPV6.matcher(literal).matches() || !isAddress(literal)) {
        throw new UsageException(
            option
                + ": '"
                + Texts.cut(t)
                + "' is not an IPv6 address; give e.g. ::1 or fd00::2 (a port goes in --port)");
      }
      return t;
    }
    String name = t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    if (name.length() > MAX_LENGTH) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(t)
              + "' is too long for a host name ("
              + name.length()
              + " characters; at most "
              + MAX_LENGTH
              + ")");
    }
    for (String label : name.split("\\.", -1)) {
      if (!LABEL.matcher(label).matches()) {
        throw new UsageException(
            option
                + ": '"
                + Texts.cut(t)
                + "' is not a host name or address; use letters, digits, '-' and '.' (labels of"
                + " at most 63), e.g. db1.lab or 10.0.0.2");
      }
    }
    return t;
  }

  /** An IPv6 literal: the JDK parses those without any lookup. */
  private static boolean isAddress(String literal) {
    try {
      InetAddress.getByName(literal);
      return true;
    } catch (UnknownHostException | SecurityException e) {
      return false;
    }
  }
}
