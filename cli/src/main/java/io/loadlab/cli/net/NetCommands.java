package io.loadlab.cli.net;

import io.loadlab.cli.Command;
import io.loadlab.core.net.NetWorkload;
import java.util.List;

/** The {@code loadlab net} commands: serve, rr, crr and stream. */
public final class NetCommands {
  private NetCommands() {}

  public static List<Command> all() {
    return List.of(
        new NetServeCommand(),
        new NetLoadCommand(NetWorkload.RR),
        new NetLoadCommand(NetWorkload.CRR),
        new NetLoadCommand(NetWorkload.STREAM));
  }
}
