package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
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
    Map<String, Object> testbed) {}
