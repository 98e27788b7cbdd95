package io.loadlab.core.util;

/** Text as messages show it. */
public final class Texts {
  /** The longest value a message echoes whole. */
  public static final int ECHO_LIMIT = 60;

  private Texts() {}

  /** A value a user gave, cut to {@link #ECHO_LIMIT} characters so a message stays one line. */
  public static String cut(String value) {
    if (value == null || value.length() <= ECHO_LIMIT) {
      return value;
    }
    return value.substring(0, ECHO_LIMIT - 1) + "… (" + value.length() + " characters)";
  }

  /** A value a user gave (a path, a number, a name), as {@link #cut(String)} prints it. */
  public static String cut(Object value) {
    return value == null ? null : cut(value.toString());
  }
}
