package io.loadlab.provision.ssh;

/**
 * Runs shell commands on one machine. Commands are passed to {@code sh -c} on the far side, so
 * callers quote every value with {@link ShellQuote}.
 */
public interface RemoteShell extends AutoCloseable {
  /** Runs a command and waits for it to end. */
  CommandResult run(String command);

  /**
   * Runs a command with a local file as its standard input (to copy files: {@code cat > f}, {@code
   * tar xzf -}) and waits for it to end.
   */
  CommandResult runWithInput(String command, java.nio.file.Path input);

  /** Runs a command with root rights: through {@code sudo -n} if the host is configured so. */
  CommandResult runPrivileged(String command);

  /** The machine's name, for messages. */
  String name();

  @Override
  default void close() {}
}
