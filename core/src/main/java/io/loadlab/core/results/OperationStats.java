package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The figures of one operation over an interval or over the whole run. {@code count} includes
 * failed operations, {@code errors} counts them, and the latency percentiles are of successful
 * operations only.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperationStats(
    long count,
    long errors,
    double durationSec,
    double ratePerSec,
    double bytesPerSec,
    long bytesSent,
    long bytesReceived,
    LatencySummary latencyUs,
    CpuCost cpu,
    Map<String, Long> errorKinds,
    Map<String, String> parameters) {}
