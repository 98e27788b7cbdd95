package io.loadlab.core.report;

import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.Warning;
import java.util.List;

/**
 * A run's warnings (what taints its figures without failing it, such as a saturated load generator)
 * as each output shows them, next to the figures they taint: console lines, a Markdown blockquote,
 * an HTML box, a mark beside a status.
 */
public final class RunWarnings {
  /** The mark of a tainted figure or status in tables. */
  public static final String MARK = "⚠";

  private RunWarnings() {}

  /** The run's warnings, none if it has none. */
  public static List<Warning> of(RunResult r) {
    return r == null || r.warnings() == null ? List.of() : r.warnings();
  }

  /** One {@code warning: ...} line per warning, for the console. */
  public static List<String> lines(RunResult r) {
    return of(r).stream().map(w -> "warning: " + w.message()).toList();
  }

  /** A blockquote per warning, each followed by a blank line; empty without warnings. */
  public static String markdown(RunResult r) {
    StringBuilder sb = new StringBuilder();
    for (Warning w : of(r)) {
      sb.append("> ").append(MARK).append(" **Warning:** ").append(w.message()).append("\n\n");
    }
    return sb.toString();
  }

  /** A warning box per warning on the page. */
  public static void html(HtmlPage page, RunResult r) {
    for (Warning w : of(r)) {
      page.warning(w.kind(), w.message());
    }
  }

  /**
   * What to add to a run's status in a table: the mark and each warning's kind (such as {@code ⚠
   * generator saturated}), or nothing.
   */
  public static String statusSuffix(RunResult r) {
    StringBuilder sb = new StringBuilder();
    for (Warning w : of(r)) {
      sb.append(' ').append(MARK).append(' ').append(w.kind().replace('-', ' '));
    }
    return sb.toString();
  }
}
