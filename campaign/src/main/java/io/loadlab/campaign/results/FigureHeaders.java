package io.loadlab.campaign.results;

import io.loadlab.campaign.step.StepValidator;

/** What a figure's header in a campaign's tables says besides the figure's own label. */
public final class FigureHeaders {
  private FigureHeaders() {}

  /**
   * What a figure's header adds to name its operation: {@code , transit} for an operation figure of
   * a step that reports one of several; nothing for a figure that names its operation ({@code
   * latency.meanUs}) or is the workload's own ({@code transfersPerSec}).
   */
  public static String operation(Manifest.StepInfo s, String figure) {
    return s.operation != null && StepValidator.BASIC_FIGURES.contains(figure)
        ? ", " + s.operation
        : "";
  }
}
