package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Brings a configuration up and down with loadlab's own commands, each a child process logged to
 * {@code configurations/<name>.log}: a testbed with {@code provision apply} / {@code teardown}, a
 * lab with {@code lab up} / {@code lab down}; a configuration with neither is this machine as it
 * is.
 */
public final class ConfigurationControl {
  private final Path logDir;

  ConfigurationControl(Path campaignDir) {
    this.logDir = campaignDir.resolve("configurations");
  }

  /** Brings it up; returns null on success, else the reason. */
  String up(Campaign.Configuration c) throws IOException, InterruptedException {
    return switch (c.kind()) {
      case NONE -> null;
        // Roles get longer than an interactive apply to be ready: a JVM broker on a busy machine.
      case TESTBED -> loadlab(c, "provision", "apply", "--health-timeout", ROLE_READY_TIMEOUT);
      case LAB -> {
        if (Files.exists(c.labStateDir().resolve("lab.json"))) {
          // Left up by an earlier (killed or kept) campaign: start from a clean lab.
          loadlab(c, "lab", "down");
        }
        yield loadlab(c, "lab", "up");
      }
    };
  }

  /** Brings it down unless the file says keep; returns null on success, else the reason. */
  String down(Campaign.Configuration c) throws IOException, InterruptedException {
    if (c.keep()) {
      return null;
    }
    return switch (c.kind()) {
      case NONE -> null;
      case TESTBED -> loadlab(c, "provision", "teardown");
      case LAB -> loadlab(c, "lab", "down");
    };
  }

  /** How long a testbed's roles have to answer in a campaign ({@code provision apply}). */
  static final String ROLE_READY_TIMEOUT = "3m";

  private String loadlab(Campaign.Configuration c, String group, String verb, String... more)
      throws IOException, InterruptedException {
    Files.createDirectories(logDir);
    Path log = logDir.resolve(c.name() + ".log");
    List<String> args = new ArrayList<>(List.of(group, verb, c.file().toString()));
    args.addAll(List.of(more));
    ProcessBuilder b =
        new ProcessBuilder(StepExecutors.loadlab(args))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    // Ends itself if the campaign dies, even by SIGKILL (ParentWatch): a resumed campaign's apply
    // must not race one its killed predecessor left running against the same guests.
    b.environment()
        .put(StepExecutors.EXIT_WITH_PARENT, String.valueOf(ProcessHandle.current().pid()));
    Process p = b.start();
    p.getOutputStream().close();
    int code = p.waitFor();
    return code == 0
        ? null
        : "loadlab "
            + group
            + " "
            + verb
            + " "
            + c.file().getFileName()
            + " exited with "
            + code
            + cause(log)
            + " (see "
            + log
            + ")";
  }

  /**
   * The last failed action or error the child printed (a guest that never answered quotes its
   * console there), as {@code ": <line>"}, or empty.
   */
  static String cause(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      for (int i = lines.size() - 1; i >= 0; i--) {
        String l = lines.get(i).strip();
        if (l.startsWith("FAILED ") || (l.startsWith("loadlab: ") && !l.contains("running on"))) {
          return ": " + l;
        }
      }
    } catch (IOException | RuntimeException e) {
      // no log to quote
    }
    return "";
  }
}
