package io.loadlab.cli;

import java.io.PrintStream;
import java.util.Optional;
import sun.misc.Signal;

/**
 * Ends this process as SIGTERM would once the process that started it is gone, when the environment
 * asks for it ({@code LOADLAB_EXIT_WITH_PARENT=1}): a campaign sets it on every child (runs and
 * servers, here, in a lab host or over SSH), so a campaign killed by any signal, even SIGKILL,
 * leaves no run or server behind. Linux gives a child no portable way to die with its parent from
 * Java, so a daemon thread looks every half second.
 */
final class ParentWatch {
  /** The environment variable that asks for it. */
  static final String ENV = "LOADLAB_EXIT_WITH_PARENT";

  private static final long PERIOD_MS = 500;

  private ParentWatch() {}

  /** Starts watching if the environment asks for it and this process has a parent. */
  static void startIfAsked(PrintStream err) {
    if (!"1".equals(System.getenv(ENV))) {
      return;
    }
    Optional<ProcessHandle> parent = ProcessHandle.current().parent();
    if (parent.isEmpty() || parent.get().pid() == 1) {
      return;
    }
    ProcessHandle p = parent.get();
    Thread t =
        new Thread(
            () -> {
              while (p.isAlive()) {
                try {
                  Thread.sleep(PERIOD_MS);
                } catch (InterruptedException e) {
                  return;
                }
              }
              err.println(
                  "loadlab: the process that started this one (pid "
                      + p.pid()
                      + ") is gone; stopping as on SIGTERM");
              err.flush();
              Signal.raise(new Signal("TERM"));
            },
            "loadlab-parent-watch");
    t.setDaemon(true);
    t.start();
  }
}
