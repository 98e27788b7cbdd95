package io.loadlab.cli.net;

import io.loadlab.cli.Command;
import java.util.List;

/**
 * The {@code loadlab net} command of its own here: serve. Its load commands (rr, crr, stream) are
 * run through their workload's runner ({@code RunnerCommand}).
 */
public final class NetCommands {
  private NetCommands() {}

  public static List<Command> all() {
    return List.of(new NetServeCommand());
  }
}
