package io.loadlab.core.workload;

import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;

/**
 * A run made ready by its runner ({@link WorkloadRunner#prepare}) before its recording opens: what
 * it needed started (a server in this process, a connection that found the target answering) is
 * held until it is closed, and what result.json records may tell what that start found (the port
 * the server took, the route's interface).
 */
public interface PreparedRun extends AutoCloseable {
  /** The settings as result.json's {@code configuration} records them (Jackson serialises it). */
  Object recorded();

  /** Runs the load into {@code recording}, as {@link WorkloadRunner#run} does. */
  void run(RunTiming timing, RunRecording recording, RunControl control) throws Exception;

  /** Releases what the preparation started; nothing by default. */
  @Override
  default void close() throws Exception {}
}
