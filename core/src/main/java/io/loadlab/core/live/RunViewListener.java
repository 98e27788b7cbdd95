package io.loadlab.core.live;

import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;

/**
 * A live output: told when the run starts, given each interval's {@link RunView}, told when the run
 * ends. Called on the run's sink thread: a listener that does I/O hands it to a thread of its own.
 */
public interface RunViewListener extends AutoCloseable {
  /** The run starts. */
  default void started(RunInfo info, long startEpochMs) {}

  /** An interval finished. */
  void interval(RunView view);

  /** The run ended. */
  default void ended(RunResult result) {}

  /** Stops whatever the listener serves or sends; says nothing of failures. */
  @Override
  default void close() {}
}
