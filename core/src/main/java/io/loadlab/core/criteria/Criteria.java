package io.loadlab.core.criteria;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The pass/fail criteria of a run, checked against its result when it ends. A criterion is {@code
 * FIGURE OP VALUE} (every measured operation, one verdict each, or a workload figure such as {@code
 * opm}), or {@code SCOPE:FIGURE OP VALUE} (one operation, or one qualifier of a workload figure
 * such as {@code size=64}); OP is one of {@code < <= > >= == !=}. The syntax is documented in
 * {@code docs/configuration.md}.
 */
public final class Criteria {
  /** No criteria: every run passes. */
  public static final Criteria NONE = new Criteria(List.of(), List.of());

  private final List<String> texts;
  private final List<Criterion> criteria;

  private Criteria(List<String> texts, List<Criterion> criteria) {
    this.texts = List.copyOf(texts);
    this.criteria = List.copyOf(criteria);
  }

  /**
   * Parses criteria as given to an option (repeated, each value one or more criteria separated by
   * commas), before anything starts.
   *
   * @param option the option or field, named in errors, such as {@code --criteria}
   * @param values the option's values
   * @param runFigures the workload figures the command's runs report (names without a size or
   *     operation qualifier, such as {@code opm} or {@code sent}); operation figures are always
   *     known
   * @throws UsageException one line naming the option, the criterion and the fix
   */
  public static Criteria parse(String option, List<String> values, Collection<String> runFigures) {
    if (values == null || values.isEmpty()) {
      return NONE;
    }
    List<String> texts = new ArrayList<>();
    List<Criterion> parsed = new ArrayList<>();
    for (String value : values) {
      for (String text : split(value)) {
        parsed.add(Criterion.parse(option, text, runFigures));
        texts.add(text.strip());
      }
    }
    return new Criteria(texts, parsed);
  }

  /**
   * The criteria of one value, split at commas; a piece without any of {@code < > = !} is part of
   * an operation name with a comma (a JMeter label) and is joined with the next.
   */
  static List<String> split(String value) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String piece : value.split(",", -1)) {
      if (current.length() > 0) {
        current.append(',');
      }
      current.append(piece);
      if (piece.chars().anyMatch(c -> c == '<' || c == '>' || c == '=' || c == '!')) {
        out.add(current.toString());
        current.setLength(0);
      }
    }
    if (!current.toString().isBlank() || out.isEmpty()) {
      out.add(current.toString());
    }
    return out;
  }

  /**
   * A verdict's check without what was measured, the same from run to run: {@code purchase:
   * p99Us<=2000}, or {@code opm>=1000} for the whole run.
   */
  public static String label(CriterionVerdict v) {
    String text = v.criterion() == null ? "" : v.criterion();
    String expression =
        text.substring(text.lastIndexOf(':') + 1)
            .strip()
            .replaceAll("\\s*(<=|>=|==|!=|<|>)\\s*", "$1");
    return v.operation() == null ? expression : v.operation() + ": " + expression;
  }

  /** True if there is nothing to check. */
  public boolean isEmpty() {
    return criteria.isEmpty();
  }

  /** The criteria as the user wrote them, one each. */
  public List<String> texts() {
    return texts;
  }

  /**
   * Why verdicts fail a run, such as {@code criteria not met: purchase: p99Us<=2000: measured
   * 3,412}, or {@code null} if all held.
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

  /**
   * Checks every criterion against a finished run's result: one verdict per operation or figure a
   * criterion applies to, in the order the criteria were given. A criterion on an operation or
   * figure the result lacks fails, saying what the run has.
   */
  public List<CriterionVerdict> evaluate(RunResult result) {
    List<CriterionVerdict> verdicts = new ArrayList<>();
    for (Criterion c : criteria) {
      verdicts.addAll(c.evaluate(result));
    }
    return verdicts;
  }

  /**
   * A finished result (such as an imported JTL) with its verdicts; an {@code ok} result whose
   * criteria fail becomes {@code failed} with the reason {@link #notMet} gives.
   */
  public RunResult judge(RunResult result) {
    if (isEmpty()) {
      return result;
    }
    List<CriterionVerdict> verdicts = evaluate(result);
    RunResult judged = result.withCriteria(verdicts);
    String why = notMet(verdicts);
    if (why != null && judged.status() == RunStatus.OK) {
      judged = judged.withStatus(RunStatus.FAILED, why);
    }
    return judged;
  }
}
