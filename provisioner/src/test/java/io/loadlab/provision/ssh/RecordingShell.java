package io.loadlab.provision.ssh;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link RemoteShell} for planner tests: it records every command it is given, in order, and
 * answers each with {@link #answer}, by default success with no output; a command's input file and
 * privileges change nothing. A test overrides {@link #answer} to make a machine's state show.
 */
public class RecordingShell implements RemoteShell {
  /** The commands run, in order. */
  public final List<String> ran = new CopyOnWriteArrayList<>();

  private final String name;

  /**
   * @param name the machine's name, for messages
   */
  public RecordingShell(String name) {
    this.name = name;
  }

  /** The answer to {@code command}: here, exit 0 with no output. */
  protected CommandResult answer(String command) {
    return new CommandResult(command, 0, "", "");
  }

  @Override
  public final CommandResult run(String command) {
    ran.add(command);
    return answer(command);
  }

  @Override
  public final CommandResult runWithInput(String command, Path input) {
    return run(command);
  }

  @Override
  public final CommandResult runPrivileged(String command) {
    return run(command);
  }

  @Override
  public final String name() {
    return name;
  }
}
