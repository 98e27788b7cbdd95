package io.loadlab.core.record;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one operation recorded during one interval: its latency histogram (nanoseconds, successes
 * only), how many operations completed and failed, the bytes moved, and failures by kind.
 */
public record OperationSnapshot(
    String operation,
    Histogram latencyNanos,
    long count,
    long errors,
    long bytesSent,
    long bytesReceived,
    Map<String, Long> errorKinds) {

  /** True if nothing happened to this operation in the interval. */
  public boolean isEmpty() {
    return count == 0 && errors == 0;
  }
}
