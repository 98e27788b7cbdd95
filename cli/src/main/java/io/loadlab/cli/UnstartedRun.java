package io.loadlab.cli;

import io.loadlab.core.Version;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;

/**
 * The result of a load run that failed before it started (the broker or database could not be
 * reached, the embedded broker did not start): with {@code --output DIR} its {@code result.json}
 * still says {@code failed} and why, in one line, so that whoever reads the directory (a campaign,
 * a CI job) learns the cause and not only that a file is missing.
 */
final class UnstartedRun {
  private UnstartedRun() {}

  /**
   * Writes {@code DIR/result.json} if the command runs load, was given {@code --output DIR}, and no
   * run session was opened; otherwise does nothing. A file that cannot be written is left out: the
   * one-line error the user sees already names the cause.
   */
  static void record(Command command, CommandLine cmd, String commandLine, String reason) {
    if (!command.runsLoad() || RunSession.everOpened() || !cmd.hasOption("output")) {
      return;
    }
    String now = Instant.now().toString();
    RunResult r =
        new RunResult(
            Version.get(),
            String.join(" ", command.path()),
            cmd.getOptionValue("label"),
            commandLine,
            Map.of(),
            EnvironmentInfo.current(),
            null,
            now,
            now,
            RunStatus.FAILED,
            RunSession.oneLine(reason),
            Map.of(),
            Map.of(),
            List.of(),
            List.of());
    try {
      Path dir = Path.of(cmd.getOptionValue("output"));
      Files.createDirectories(dir);
      ResultJson.write(r, dir.resolve("result.json"));
    } catch (IOException | RuntimeException e) {
      // the error line already says why the run did not start
    }
  }
}
