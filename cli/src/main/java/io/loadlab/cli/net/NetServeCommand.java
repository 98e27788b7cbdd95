package io.loadlab.cli.net;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.StopSignals;
import io.loadlab.core.net.NetOptionValues;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.ServerStats;
import io.loadlab.core.options.OptionValues;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.commons.cli.CommandLine;

/** {@code loadlab net serve}: the responder, until Ctrl-C. */
final class NetServeCommand extends DescribedCommand {
  NetServeCommand() {
    super("net serve");
  }

  @Override
  public void check(CommandLine cmd) {
    OptionValues values = OptionDefs.values(cmd, described());
    NetOptionValues.port(values);
    NetOptionValues.socketOptions(values, true);
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    OptionValues values = OptionDefs.values(cmd, described());
    int port = NetOptionValues.port(values);
    NetServer server =
        NetServer.start(
            cmd.getOptionValue("host"), port, NetOptionValues.socketOptions(values, true));
    CountDownLatch stopped = new CountDownLatch(1);
    AtomicBoolean reported = new AtomicBoolean();
    // Stops the server once and says why: the signal's name, or nothing for any other shutdown.
    Consumer<String> stop =
        signal -> {
          if (reported.compareAndSet(false, true)) {
            ServerStats s = server.stats();
            server.close();
            ctx.out()
                .println(
                    "loadlab net serve: stopped"
                        + (signal == null ? "" : " by " + signal)
                        + " after "
                        + s.transactions()
                        + " transactions, "
                        + s.faults()
                        + " faults");
            ctx.out().flush();
          }
          stopped.countDown();
        };
    Thread hook = new Thread(() -> stop.accept(null), "loadlab-net-serve-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    StopSignals signals = StopSignals.install(signal -> stopped.countDown());
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
    try {
      stopped.await();
    } finally {
      signals.close();
    }
    String signal = StopSignals.received();
    stop.accept(signal);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down: the hook has run.
    }
    return signal == null ? 0 : StopSignals.exitCode();
  }
}
