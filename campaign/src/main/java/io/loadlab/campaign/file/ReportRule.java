package io.loadlab.campaign.file;

import java.util.Locale;

/** Which run of a cell is reported. */
public enum ReportRule {
  /**
   * The seeds' rule: among the iterations, the run whose standard deviation of what the step
   * measures (its latency for a latency step, else its interval rates) is the median (the lower
   * middle one for an even count).
   */
  MEDIAN_STDDEV("median-stddev"),
  /** The run whose headline figure is the median (the lower middle one for an even count). */
  MEDIAN("median"),
  /** The run with the best headline figure (highest rate, lowest latency). */
  BEST("best"),
  /** Every run: the reported value is the mean. */
  ALL("all");

  private final String id;

  ReportRule(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  /** The rule named {@code text}, or null. */
  public static ReportRule parse(String text) {
    for (ReportRule r : values()) {
      if (r.id.equals(text.trim().toLowerCase(Locale.ROOT))) {
        return r;
      }
    }
    return null;
  }
}
