package io.loadlab.cli.net;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.core.net.NetProtocol;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.ServerStats;
import java.util.concurrent.CountDownLatch;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** {@code loadlab net serve}: the responder, until Ctrl-C. */
final class NetServeCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"net", "serve"};
  }

  @Override
  public String summary() {
    return "answer net rr/crr/stream clients over TCP and UDP (like netserver) until Ctrl-C";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(
        OptionDefs.value(
            "port",
            "PORT",
            "TCP and UDP port to listen on (default " + NetProtocol.DEFAULT_PORT + ")"));
    o.addOption(
        OptionDefs.value(
            "host", "ADDRESS", "address to listen on (default: every address, IPv4 and IPv6)"));
    NetOptions.addSocketOptions(o);
    return o;
  }

  @Override
  public void check(CommandLine cmd) {
    NetOptions.port(cmd, NetProtocol.DEFAULT_PORT, 0);
    NetOptions.socketOptions(cmd, true);
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    int port = NetOptions.port(cmd, NetProtocol.DEFAULT_PORT, 0);
    NetServer server =
        NetServer.start(cmd.getOptionValue("host"), port, NetOptions.socketOptions(cmd, true));
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              ServerStats s = server.stats();
              server.close();
              ctx.out()
                  .println(
                      "loadlab net serve: stopped after "
                          + s.transactions()
                          + " transactions, "
                          + s.faults()
                          + " faults");
              ctx.out().flush();
              stopped.countDown();
            },
            "loadlab-net-serve-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    ctx.out()
        .println(
            "loadlab net serve: listening on "
                + (server.address().getAddress().isAnyLocalAddress()
                    ? "every address"
                    : server.address().getAddress().getHostAddress())
                + " port "
                + server.port()
                + " (TCP and UDP); Ctrl-C stops");
    ctx.out().flush();
    stopped.await();
    return 0;
  }
}
