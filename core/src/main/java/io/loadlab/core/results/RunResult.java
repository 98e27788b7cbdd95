package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole outcome of a run, the same for the command line, JMeter and JMH. Its JSON form is
 * documented in {@code docs/results-format.md}; the names {@code workload}, {@code status}, {@code
 * totals} and {@code intervals} are stable.
 *
 * @param figures workload-specific figures, such as orders per minute or transfers per second
 * @param rateChecks each paced operation's target rate against the rate achieved
 * @param generator how loaded the load generator itself was over the measured window
 * @param warnings what taints the figures without failing the run (a saturated generator)
 * @param criteria the user's pass/fail criteria with what was measured
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(
    String toolVersion,
    String workload,
    String label,
    String commandLine,
    Map<String, Object> configuration,
    EnvironmentInfo environment,
    Map<String, Object> testbed,
    String startTime,
    String endTime,
    RunStatus status,
    String statusReason,
    Map<String, Double> figures,
    Map<String, OperationStats> totals,
    List<IntervalSample> intervals,
    List<Problem> problems,
    List<RateCheck> rateChecks,
    GeneratorLoad generator,
    List<Warning> warnings,
    List<CriterionVerdict> criteria) {

  /** A result without rate checks, generator figures, warnings or criteria (imported results). */
  public RunResult(
      String toolVersion,
      String workload,
      String label,
      String commandLine,
      Map<String, Object> configuration,
      EnvironmentInfo environment,
      Map<String, Object> testbed,
      String startTime,
      String endTime,
      RunStatus status,
      String statusReason,
      Map<String, Double> figures,
      Map<String, OperationStats> totals,
      List<IntervalSample> intervals,
      List<Problem> problems) {
    this(
        toolVersion,
        workload,
        label,
        commandLine,
        configuration,
        environment,
        testbed,
        startTime,
        endTime,
        status,
        statusReason,
        figures,
        totals,
        intervals,
        problems,
        null,
        null,
        null,
        null);
  }

  /** This result with another status and reason, everything else the same. */
  public RunResult withStatus(RunStatus newStatus, String newReason) {
    return with(newStatus, newReason, criteria);
  }

  /** This result with criteria verdicts set, everything else the same. */
  public RunResult withCriteria(List<CriterionVerdict> verdicts) {
    return with(status, statusReason, verdicts);
  }

  private RunResult with(RunStatus newStatus, String newReason, List<CriterionVerdict> verdicts) {
    return new RunResult(
        toolVersion,
        workload,
        label,
        commandLine,
        configuration,
        environment,
        testbed,
        startTime,
        endTime,
        newStatus,
        newReason,
        figures,
        totals,
        intervals,
        problems,
        rateChecks,
        generator,
        warnings,
        verdicts);
  }

  /**
   * Why a {@code failed} or {@code aborted} run ended and how often each problem happened, in one
   * place for scripts; {@code null} (left out of the JSON) otherwise.
   */
  @JsonProperty(value = "failure", access = JsonProperty.Access.READ_ONLY)
  public Failure failure() {
    if (status != RunStatus.FAILED && status != RunStatus.ABORTED) {
      return null;
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    if (problems != null) {
      for (Problem p : problems) {
        counts.merge(p.kind(), p.count(), Long::sum);
      }
    }
    long errors = 0;
    if (totals != null) {
      for (OperationStats o : totals.values()) {
        errors += o.errors();
      }
    }
    return new Failure(
        statusReason == null ? "the run " + status.jsonName() + " without a reason" : statusReason,
        errors,
        counts);
  }

  /**
   * @param reason the status reason
   * @param errors failed operations in the measured window (the sum of the totals' errors)
   * @param problems each problem kind with its count
   */
  public record Failure(String reason, long errors, Map<String, Long> problems) {}
}
