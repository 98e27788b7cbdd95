package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The whole outcome of a run, the same for the command line, JMeter and JMH. Its JSON form is
 * documented in {@code docs/results-format.md}; the names {@code workload}, {@code status}, {@code
 * totals} and {@code intervals} are stable.
 *
 * @param figures workload-specific figures, such as orders per minute or transfers per second
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
    List<Problem> problems) {}
