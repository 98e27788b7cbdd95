package io.loadlab.core.workload;

/**
 * One user of a workload ({@link WorkloadRunner#user}): it performs one operation per call, on the
 * caller's thread, which times it (a JMeter sampler: one operation per sample).
 */
public interface WorkloadUser extends AutoCloseable {
  /**
   * Performs one operation.
   *
   * @return what it did
   * @throws Exception if it failed (the sample fails, with the exception's kind and message)
   */
  Done operate() throws Exception;

  /** Releases what the user holds; nothing by default. */
  @Override
  default void close() throws Exception {}

  /**
   * One operation performed.
   *
   * @param operation its name, as the recorder files it (such as {@code sleep})
   * @param sentBytes bytes it sent, 0 if none
   * @param receivedBytes bytes it received, 0 if none
   */
  record Done(String operation, long sentBytes, long receivedBytes) {}
}
