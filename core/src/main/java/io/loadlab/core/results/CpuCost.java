package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * CPU time spent per operation in microseconds, measured three ways as the z/VM network reports
 * tabulate it: by the client process, by the whole client host (from /proc/stat), and by the server
 * process (reported back by the server). Each is {@code null} where it was not measured.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CpuCost(Double clientUsPerOp, Double hostUsPerOp, Double serverUsPerOp) {}
