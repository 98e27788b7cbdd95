package io.loadlab.provision.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Runs a testbed host's commands on this machine ({@code local: true} hosts): {@code sh -c} here
 * instead of over SSH, so a lab on one machine needs no sshd of its own.
 */
public final class LocalShell implements RemoteShell {
  private final String name;

  public LocalShell(String name) {
    this.name = name;
  }

  @Override
  public CommandResult run(String command) {
    return exec(command, null);
  }

  @Override
  public CommandResult runWithInput(String command, Path input) {
    return exec(command, input);
  }

  @Override
  public CommandResult runPrivileged(String command) {
    return exec(command, null);
  }

  @Override
  public String name() {
    return name;
  }

  private CommandResult exec(String command, Path input) {
    ProcessBuilder pb = new ProcessBuilder("sh", "-c", command);
    pb.redirectInput(
        input == null
            ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())
            : ProcessBuilder.Redirect.from(input.toFile()));
    try {
      Process p = pb.start();
      CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
      String out = read(p.getInputStream());
      int code = p.waitFor();
      return new CommandResult(command, code, out, err.join());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new CommandResult(command, 130, "", "interrupted");
    }
  }

  private static String read(InputStream in) {
    try (in) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      in.transferTo(b);
      return b.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
