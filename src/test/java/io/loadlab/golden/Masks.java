package io.loadlab.golden;

import io.loadlab.core.Version;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What differs from machine to machine and run to run in a text, replaced by stable tokens: the
 * directories a test made ({@code <tmp>}), the checkout ({@code <repo>}), the user's home (and so
 * the user's name in paths), loadlab's version, times of day, how long a report took to write,
 * ports found free and the random parts of queue names.
 */
final class Masks {
  private static final Pattern TIMESTAMP =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:?\\d{2})?");
  private static final Pattern DATED_DIR = Pattern.compile("\\d{8}-\\d{6}(-\\d+)?");
  private static final Pattern LOOPBACK_PORT =
      Pattern.compile("(127\\.0\\.0\\.1|localhost|\\[::1\\]|0\\.0\\.0\\.0):\\d{2,5}");

  /** A queue name's random part: Integer.toHexString of up to 20 bits, so 1 to 5 digits. */
  private static final Pattern RANDOM_QUEUE =
      Pattern.compile("(loadlab-(perftest|latency)-)[0-9a-f]{1,5}(-\\d+)?");

  private static final Pattern ELAPSED = Pattern.compile("(written in )\\d+(\\.\\d+)? ?ms");

  private final Map<String, String> literal = new LinkedHashMap<>();

  /** Masks naming no directory of the test's own yet. */
  Masks() {
    Path repo = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
    literal.put(repo.toString(), "<repo>");
    literal.put(System.getProperty("java.io.tmpdir"), "<tmpdir>");
    literal.put(System.getProperty("user.home"), "<home>");
    literal.put(Version.get(), "<version>");
  }

  /** Also masks {@code text} as {@code token}: the longer literals are replaced first. */
  Masks with(String text, String token) {
    if (text != null && !text.isEmpty()) {
      Map<String, String> all = new LinkedHashMap<>();
      all.put(text, token);
      all.putAll(literal);
      literal.clear();
      literal.putAll(all);
    }
    return this;
  }

  /** The text with everything machine- or run-specific replaced. */
  String apply(String text) {
    String t = text;
    for (Map.Entry<String, String> e : literal.entrySet()) {
      t = t.replace(e.getKey(), e.getValue());
    }
    t = TIMESTAMP.matcher(t).replaceAll("<time>");
    t = DATED_DIR.matcher(t).replaceAll("<time>");
    t = LOOPBACK_PORT.matcher(t).replaceAll("$1:<port>");
    t = ELAPSED.matcher(t).replaceAll("$1<elapsed>");
    Matcher q = RANDOM_QUEUE.matcher(t);
    t = q.replaceAll("$1<random>");
    return t;
  }
}
