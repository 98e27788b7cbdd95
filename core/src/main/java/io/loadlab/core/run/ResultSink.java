package io.loadlab.core.run;

import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import java.io.Closeable;
import java.io.IOException;

/**
 * Where a run's results go as the run goes: once at the start, once per finished interval, and once
 * at the end. Exporters implement it; a sink that writes files flushes at every interval, so a
 * killed run keeps every finished interval.
 */
public interface ResultSink extends Closeable {
  /** The run starts. */
  default void begin(RunInfo info, long startEpochMs) throws IOException {}

  /**
   * An interval finished. Its histograms ({@link IntervalReport#snapshots()}) are lent for this
   * call only: once every sink returned, the recorder clears and refills them with a later interval
   * rather than copy every operation's histogram every interval. A sink that keeps one copies it
   * (or adds it into a histogram of its own).
   */
  default void interval(IntervalReport report) throws IOException {}

  /** The run ended; {@code result} is final. */
  default void end(RunResult result) throws IOException {}

  @Override
  default void close() throws IOException {}

  /**
   * The file this sink writes, or {@code null} for a sink that only reports (the console). A file
   * that cannot be written ends the run {@code failed}; files are written before reports at the end
   * so the console never says {@code ok} while a file is missing.
   */
  default String target() {
    return null;
  }

  /**
   * True for a result file every other output must agree with ({@code result.json}): at the end it
   * is written after every other file, so it is the last word, and it gets a last try even if a
   * write failed during the run. A sink that decides keeps room for that last write itself.
   */
  default boolean decides() {
    return false;
  }
}
