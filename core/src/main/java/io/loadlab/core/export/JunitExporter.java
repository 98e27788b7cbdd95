package io.loadlab.core.export;

import io.loadlab.core.junit.JunitXml;
import io.loadlab.core.junit.RunSuite;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The run as JUnit XML ({@code --junit FILE}) for CI servers, written at the end: one suite with a
 * case for the run's status, each rate check and each criterion verdict (see {@link RunSuite}).
 */
public final class JunitExporter implements ResultSink {
  private final Path file;

  public JunitExporter(Path file) {
    this.file = file;
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
  }

  @Override
  public void end(RunResult result) throws IOException {
    write(result, file);
  }

  /** Writes a finished run's JUnit XML, for front-ends that have the result without a sink. */
  public static void write(RunResult result, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    JunitXml.write(List.of(RunSuite.of(result)), file);
  }

  @Override
  public String target() {
    return file.toString();
  }

  /**
   * {@code sinks} with a JUnit file among them if {@code junit} is not null, for results written
   * outside a recording (imported, JMeter's), so the JUnit file says what the other files say.
   */
  public static java.util.List<ResultSink> alongside(Path junit, ResultSink... sinks) {
    java.util.List<ResultSink> all = new java.util.ArrayList<>();
    if (junit != null) {
      all.add(new JunitExporter(junit));
    }
    all.addAll(java.util.List.of(sinks));
    return all;
  }
}
