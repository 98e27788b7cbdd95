package io.loadlab.core.ds2;

import java.util.Locale;

/**
 * What a browse (search) returned.
 *
 * @param by what was searched
 * @param rows products found (at most the batch size)
 */
public record Ds2BrowseResult(By by, int rows) {
  /** The three kinds of DS2 search. */
  public enum By {
    CATEGORY,
    ACTOR,
    TITLE;

    /** The kind's name in results: {@code category}, {@code actor}, {@code title}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** True if the search found at least one product. */
  public boolean hit() {
    return rows > 0;
  }
}
