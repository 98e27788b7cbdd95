package io.loadlab.campaign.file;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The problems found in one campaign file, each one line naming the file, the field and the fix,
 * collected by the validators so that all of them are reported together; and the reading of values
 * every validator shares (names, scalars, paths relative to the campaign file).
 */
public final class ValidationProblems {
  /** Names of campaigns, configurations and steps: safe as directory names. */
  public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private final Path file;
  private final String at;
  private final List<String> problems = new ArrayList<>();

  /** The problems of campaign file {@code file}, none so far. */
  public ValidationProblems(Path file) {
    this.file = file;
    this.at = file + ": ";
  }

  /** The campaign file being checked. */
  Path file() {
    return file;
  }

  /** Records that {@code field} is wrong, with {@code text} saying how and what to do instead. */
  public void problem(String field, String text) {
    problems.add(at + field + ": " + text);
  }

  /** Records a problem found in a file the campaign names, already naming that file and field. */
  public void inOtherFile(String line) {
    problems.add(line);
  }

  /** True if a problem found so far names {@code other} (a file the campaign names). */
  public boolean mentions(Path other) {
    String prefix = other + ": ";
    return problems.stream().anyMatch(l -> l.startsWith(prefix));
  }

  /** How many problems were found so far. */
  public int count() {
    return problems.size();
  }

  /** Throws one {@link UsageException} listing every problem (each once), if there is any. */
  public void throwIfAny() {
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("\n", new LinkedHashSet<>(problems)));
    }
  }

  /** One value (a number or text) of field {@code f}; a map, list or nothing is a problem. */
  public String scalar(String f, Object v) {
    if (v == null || v instanceof Map || v instanceof List) {
      problem(
          f,
          "give one value (a number or text), not "
              + (v == null ? "nothing" : "a " + (v instanceof Map ? "map" : "list")));
      return "";
    }
    return String.valueOf(v);
  }

  /** A path as written in the campaign file: relative to its directory, {@code ~/} the home. */
  public Path resolve(String name) {
    Path p =
        Path.of(name.startsWith("~/") ? System.getProperty("user.home") + name.substring(1) : name);
    Path dir = file.toAbsolutePath().getParent();
    return (p.isAbsolute() ? p : dir.resolve(p)).normalize();
  }

  /** The first line of a (possibly multi-line) message, for a one-line problem. */
  public static String firstLine(String s) {
    if (s == null) {
      return "invalid";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
