package io.loadlab.core.record;

/**
 * Receives every single sample as it is recorded, for exporters that write one row per sample (the
 * JMeter JTL). Called on the recording thread, so it must be quick and thread-safe.
 */
@FunctionalInterface
public interface SampleListener {
  /**
   * One sample.
   *
   * @param operation the operation name (the JTL label)
   * @param latencyNanos time the operation took
   * @param connectNanos time spent connecting, or 0
   * @param success whether it succeeded
   * @param code "OK" on success, the error kind otherwise
   * @param sent bytes sent
   * @param received bytes received
   * @param activeUsers users (threads) active when it was recorded
   */
  void onSample(
      String operation,
      long latencyNanos,
      long connectNanos,
      boolean success,
      String code,
      long sent,
      long received,
      int activeUsers);
}
