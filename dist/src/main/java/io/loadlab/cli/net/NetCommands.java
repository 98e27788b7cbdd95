package io.loadlab.cli.net;

import io.loadlab.cli.Command;
import java.util.List;

/** The {@code loadlab net} commands: serve, rr, crr and stream. */
public final class NetCommands {
  private NetCommands() {}

  public static List<Command> all() {
    return List.of();
  }
}
