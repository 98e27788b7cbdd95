package io.loadlab.core.export;

import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.util.SpaceReserve;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The result as JSON: rewritten (atomically) after every interval with status {@code running}, so a
 * killed run leaves a valid file, and written once more at the end, after every other file, so that
 * it has the last word. Room for that last write is kept in a hidden file beside it ({@code
 * .result.json.reserve}, a little more than the file itself), given back right before the write: a
 * disk that fills up during the run still takes the final result.
 */
public final class JsonExporter implements ResultSink {
  /** The least room kept for the last write, and what is kept beyond the file's own size. */
  static final long MIN_RESERVE = 64 * 1024;

  private final Path file;
  private final SpaceReserve reserve;

  public JsonExporter(Path file) {
    this.file = file;
    this.reserve = SpaceReserve.beside(file);
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    reserve.keep(MIN_RESERVE);
  }

  @Override
  public void interval(IntervalReport report) throws IOException {
    ResultJson.writeInExistingDirectory(report.resultSoFar().get(), file);
    // The final file is this one and a little more (the last interval, the verdicts).
    long size = Files.size(file);
    reserve.keep(size + size / 4 + MIN_RESERVE);
  }

  @Override
  public void end(RunResult result) throws IOException {
    reserve.release();
    ResultJson.writeInExistingDirectory(result, file);
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
