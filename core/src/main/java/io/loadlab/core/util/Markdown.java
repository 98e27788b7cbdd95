package io.loadlab.core.util;

/**
 * Text put into a Markdown table, the one way every report does it (run summaries, comparisons,
 * campaign reports and their criteria): a cell holds one line and no column separator.
 */
public final class Markdown {
  private Markdown() {}

  /**
   * {@code text} as one table cell: each {@code |} escaped ({@code \|}), each line break a space;
   * null is an empty cell.
   */
  public static String cell(String text) {
    if (text == null) {
      return "";
    }
    return text.replace("|", "\\|").replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
  }
}
