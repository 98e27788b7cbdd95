package io.loadlab.provision.tuning;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RemoteShell;

/** Runs the tuning planners' reads and privileged writes; a failure is one line (exit 1). */
final class Commands {
  private Commands() {}

  /** Runs a read-only command and returns its output. */
  static String read(RemoteShell sh, String command) {
    CommandResult r = sh.run(command);
    if (!r.ok()) {
      throw new LoadlabException(
          sh.name()
              + ": '"
              + command
              + "' failed (exit "
              + r.exitStatus()
              + "): "
              + r.firstErrorLine(),
          1);
    }
    return r.stdout();
  }

  /** Runs a command with root rights. */
  static void write(RemoteShell sh, String command) {
    CommandResult r = sh.runPrivileged(command);
    if (!r.ok()) {
      throw new LoadlabException(
          "'" + command + "' failed (exit " + r.exitStatus() + "): " + r.firstErrorLine(), 1);
    }
  }
}
