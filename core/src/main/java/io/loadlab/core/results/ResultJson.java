package io.loadlab.core.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.core.util.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads and writes {@link RunResult}s as JSON, the format of {@code docs/results-format.md}. */
public final class ResultJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ResultJson() {}

  /** The shared mapper, configured for results. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** Serialises a result. */
  public static String toJson(RunResult result) throws IOException {
    return MAPPER.writeValueAsString(result);
  }

  /** Serialises one interval, as it stands on its own (not indented as in a result). */
  static String toJson(IntervalSample interval) throws IOException {
    return MAPPER.writeValueAsString(interval);
  }

  /** Parses a result. */
  public static RunResult fromJson(String json) throws IOException {
    return MAPPER.readValue(json, RunResult.class);
  }

  /** Reads a result file. */
  public static RunResult read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), RunResult.class);
  }

  /**
   * Writes a result file so that readers never see half of it: into a temporary file beside it,
   * then renamed over it. Creates the directory if needed.
   */
  public static void write(RunResult result, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    writeInExistingDirectory(result, file);
  }

  /**
   * Writes a result file as {@link #write} does, into a directory that must exist (a run's
   * directory removed during the run is an error, not made again).
   */
  public static void writeInExistingDirectory(RunResult result, Path file) throws IOException {
    AtomicFiles.write(file, out -> MAPPER.writeValue(out, result));
  }
}
