package io.loadlab.cli;

import java.io.PrintStream;
import java.util.Optional;
import sun.misc.Signal;

/**
 * Ends this process as SIGTERM would once the process that started it is gone, when the environment
 * asks for it ({@code LOADLAB_EXIT_WITH_PARENT}): a campaign sets it on every child (runs and
 * servers, here, in a lab host or over SSH), so a campaign killed by any signal, even SIGKILL,
 * leaves no run or server behind. Linux gives a child no portable way to die with its parent from
 * Java, so a daemon thread looks every half second.
 */
final class ParentWatch {
  /** The environment variable that asks for it. */
  static final String ENV = "LOADLAB_EXIT_WITH_PARENT";

  private static final long PERIOD_MS = 500;

  private ParentWatch() {}

  /**
   * Starts watching if the environment asks for it: {@code LOADLAB_EXIT_WITH_PARENT=PID} watches
   * that process (the campaign names itself: a child that starts after it died stops at once);
   * {@code LOADLAB_EXIT_WITH_PARENT=parent} watches the process that started this one (over SSH,
   * the session), and stops at once if that one is gone already.
   */
  static void startIfAsked(PrintStream err) {
    String value = System.getenv(ENV);
    if (value == null || value.isBlank()) {
      return;
    }
    Optional<ProcessHandle> watched;
    if (value.equals("parent")) {
      watched = ProcessHandle.current().parent().filter(p -> p.pid() != 1);
    } else {
      try {
        watched = ProcessHandle.of(Long.parseLong(value.trim()));
      } catch (NumberFormatException e) {
        return; // not ours to judge: nothing to watch
      }
    }
    long pid = watched.map(ProcessHandle::pid).orElse(-1L);
    Thread t =
        new Thread(
            () -> {
              while (watched.map(ProcessHandle::isAlive).orElse(false)) {
                try {
                  Thread.sleep(PERIOD_MS);
                } catch (InterruptedException e) {
                  return;
                }
              }
              err.println(
                  "loadlab: the process that started this one"
                      + (pid > 0 ? " (pid " + pid + ")" : "")
                      + " is gone; stopping as on SIGTERM");
              err.flush();
              Signal.raise(new Signal("TERM"));
            },
            "loadlab-parent-watch");
    t.setDaemon(true);
    t.start();
  }
}
