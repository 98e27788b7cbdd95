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
        new NetLoadCommand(
            NetWorkload.RR, "request/response transactions on persistent connections"),
        new NetLoadCommand(
            NetWorkload.CRR, "connect, request, response, disconnect per transaction"),
        new NetLoadCommand(
            NetWorkload.STREAM, "bulk data one way (a stream read like STRG, or a stream send)"));
  }
}
