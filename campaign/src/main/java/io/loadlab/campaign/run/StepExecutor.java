package io.loadlab.campaign.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs one client of a campaign run: {@code loadlab args... --output DIR} on a machine, its run
 * directory at {@code output} here when it ends (written here, or fetched back by a remote
 * executor), its output to {@code log}.
 */
public interface StepExecutor {
  /**
   * Starts the run; it goes on in the background.
   *
   * @param output the run directory (given as {@code --output}), or null for a server
   */
  Execution start(List<String> args, Path output, Path log) throws IOException;

  /** A started run. */
  interface Execution {
    /** Waits for the end and returns the exit code (the loadlab exit codes). */
    int waitFor() throws InterruptedException;

    /** The local process id to stop if the campaign is killed and resumed, or -1. */
    default long pid() {
      return -1;
    }

    /** True while it runs. */
    boolean alive();

    /** Asks the run to stop now (it still writes its summary, status aborted). */
    void stop();
  }
}
