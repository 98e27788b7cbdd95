package io.loadlab.core.export;

import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
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
  public void interval(IntervalReport report) throws IOException {
    ResultJson.write(report.resultSoFar().get(), file);
  }

  @Override
  public void end(RunResult result) throws IOException {
    ResultJson.write(result, file);
  }
}
