package io.loadlab.core.export;

import io.loadlab.core.results.ResultRewriter;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.util.SpaceReserve;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * The result as JSON: rewritten (atomically) after every interval with status {@code running}, so a
 * killed run leaves a valid file, and written once more at the end, after every other file, so that
 * it has the last word. Room for that last write is kept in a hidden file beside it ({@code
 * .result.json.reserve}, a little more than the file itself), given back right before the write: a
 * disk that fills up during the run still takes the final result.
 *
 * <p>The file holds every interval so far, so each rewrite costs more than the one before: a day's
 * soak at one-second intervals would end up rewriting some 100 MB every second, the load generator
 * loading its own host. So the rewrites during a run write at most {@link #BYTES_PER_SECOND} on
 * average: after a rewrite of {@code n} bytes the next waits until {@code n / BYTES_PER_SECOND}
 * seconds have passed. That is every interval while the file is under 1 MiB (about a quarter of an
 * hour of a one-operation run at one-second intervals), every few seconds beyond; the CSV and hlog
 * files still get every interval as it ends. Each rewrite serialises only the intervals that are
 * new ({@link ResultRewriter}), the file's bytes being the same.
 */
public final class JsonExporter implements ResultSink {
  /** The least room kept for the last write, and what is kept beyond the file's own size. */
  static final long MIN_RESERVE = 64 * 1024;

  /** The most the rewrites during a run write per second, on average: 1 MiB. */
  static final long BYTES_PER_SECOND = 1 << 20;

  private final Path file;
  private final SpaceReserve reserve;
  private final LongSupplier nanoClock;
  private final long bytesPerSecond;

  /** Serialises each interval once, not at every rewrite. */
  private final ResultRewriter rewriter = new ResultRewriter();

  private boolean written;
  private long nextWriteNanos;

  public JsonExporter(Path file) {
    this(file, System::nanoTime, BYTES_PER_SECOND);
  }

  /** An exporter with a clock and a budget of its own (for tests). */
  JsonExporter(Path file, LongSupplier nanoClock, long bytesPerSecond) {
    this.file = file;
    this.reserve = SpaceReserve.beside(file);
    this.nanoClock = nanoClock;
    this.bytesPerSecond = bytesPerSecond;
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    reserve.keep(MIN_RESERVE);
  }

  @Override
  public void interval(IntervalReport report) throws IOException {
    long now = nanoClock.getAsLong();
    if (written && now - nextWriteNanos < 0) {
      return; // within the budget of the last rewrite
    }
    rewriter.write(report.resultSoFar().get(), file);
    // The final file is this one and a little more (the last intervals, the verdicts).
    long size = Files.size(file);
    reserve.keep(size + size / 4 + MIN_RESERVE);
    written = true;
    nextWriteNanos = now + (long) (size * 1e9 / bytesPerSecond);
  }

  @Override
  public void end(RunResult result) throws IOException {
    reserve.release();
    rewriter.write(result, file);
  }

  @Override
  public void close() {
    reserve.release();
  }

  @Override
  public String target() {
    return file.toString();
  }

  @Override
  public boolean decides() {
    return true;
  }
}
