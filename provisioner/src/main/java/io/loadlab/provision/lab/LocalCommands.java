package io.loadlab.provision.lab;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.ssh.CommandResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs local commands ({@code ip}, {@code tc}, {@code sshd}) without a shell, and finds programs on
 * this machine's PATH.
 */
public final class LocalCommands {
  private LocalCommands() {}

  /**
   * The executable {@code name} on this machine's PATH (an empty entry is the working directory, as
   * for a shell), or null if there is none.
   */
  public static java.nio.file.Path onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      java.nio.file.Path p = java.nio.file.Path.of(dir.isEmpty() ? "." : dir, name);
      if (java.nio.file.Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }

  static CommandResult run(List<String> command) {
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      byte[] out = p.getInputStream().readAllBytes();
      byte[] err = p.getErrorStream().readAllBytes();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new LoadlabException(String.join(" ", command) + ": timed out after 60s", 1);
      }
      return new CommandResult(
          String.join(" ", command),
          p.exitValue(),
          new String(out, StandardCharsets.UTF_8),
          new String(err, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new LoadlabException(
          command.get(0) + ": cannot run (" + e.getMessage() + "); is it installed?", 2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LoadlabException(String.join(" ", command) + ": interrupted", 130);
    }
  }

  /** Runs a command and fails with its first error line if it exits non-zero. */
  static String must(String... command) {
    CommandResult r = run(List.of(command));
    if (!r.ok()) {
      throw new LoadlabException(r.command() + " failed: " + r.firstErrorLine(), 1);
    }
    return r.stdout();
  }
}
