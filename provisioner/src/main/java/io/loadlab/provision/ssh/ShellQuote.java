package io.loadlab.provision.ssh;

import java.util.List;
import java.util.regex.Pattern;

/** Quotes words for a POSIX shell, so values from a testbed file are never run as code. */
public final class ShellQuote {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

  private ShellQuote() {}

  /** One word, in single quotes unless it is made only of safe characters. */
  public static String quote(String word) {
    if (!word.isEmpty() && SAFE.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\"'\"'") + "'";
  }

  /** A command line of quoted words. */
  public static String join(List<String> words) {
    StringBuilder sb = new StringBuilder();
    for (String w : words) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(quote(w));
    }
    return sb.toString();
  }

  /** A command line of quoted words. */
  public static String join(String... words) {
    return join(List.of(words));
  }
}
