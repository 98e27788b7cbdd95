package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * What is known about a run before it starts: the tool, the workload, the command line with secrets
 * masked, the settings, the machine, and the testbed it runs on (from the provisioner).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunInfo(
    String toolVersion,
    String workload,
    String label,
    String commandLine,
    Map<String, Object> configuration,
    EnvironmentInfo environment,
    Map<String, Object> testbed) {

  /**
   * The result of this run before anything was measured, with status {@code running}: what a run's
   * directory holds from the moment it appears, so that a run killed before its first interval
   * still leaves a result that says what ran.
   *
   * @param startTime when the run started (ISO-8601)
   */
  public RunResult running(String startTime) {
    return new RunResult(
        toolVersion,
        workload,
        label,
        commandLine,
        configuration,
        environment,
        testbed,
        startTime,
        startTime,
        RunStatus.RUNNING,
        null,
        Map.of(),
        Map.of(),
        List.of(),
        List.of());
  }
}
