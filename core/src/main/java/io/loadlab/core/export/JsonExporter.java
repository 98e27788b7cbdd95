package io.loadlab.core.export;

import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The result as JSON: rewritten (atomically) after every interval with status {@code running}, so a
 * killed run leaves a valid file, and written once more at the end.
 */
public final class JsonExporter implements ResultSink {
  private final Path file;

  public JsonExporter(Path file) {
    this.file = file;
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
  }

  @Override
  public void interval(IntervalReport report) throws IOException {
    ResultJson.writeInExistingDirectory(report.resultSoFar().get(), file);
  }

  @Override
  public void end(RunResult result) throws IOException {
    ResultJson.writeInExistingDirectory(result, file);
  }

  @Override
  public String target() {
    return file.toString();
  }
}
