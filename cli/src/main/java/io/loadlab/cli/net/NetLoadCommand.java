package io.loadlab.cli.net;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.net.NetDriver;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSettings;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.RouteMtu;
import io.loadlab.core.net.Transport;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.workload.UserLimits;
import java.time.Duration;
import java.util.List;
import org.apache.commons.cli.CommandLine;

/**
 * {@code loadlab net rr|crr|stream}: a load run against a server; without {@code --host} against a
 * server started in this process on loopback.
 */
final class NetLoadCommand extends DescribedCommand {
  static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  /** The highest --rate taken: a billion transactions per second is beyond any network. */
  static final double MAX_RATE = 1e9;

  private final NetWorkload workload;
  private final OptionTable options;

  NetLoadCommand(NetWorkload workload) {
    super("net " + workload.id());
    this.workload = workload;
    this.options = described();
  }

  @Override
  public void check(CommandLine cmd) {
    RunOptions.timing(cmd, DEFAULT_DURATION, DEFAULT_INTERVAL);
    settings(cmd);
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    RunTiming timing = RunOptions.timing(cmd, DEFAULT_DURATION, DEFAULT_INTERVAL);
    NetSettings settings = settings(cmd);
    NetSocketOptions socket = settings.socket();
    boolean local = !cmd.hasOption("host");
    // A count this machine cannot open is refused before anything starts, not users failing one by
    // one mid-run. Here, not in check(): a campaign checks its steps on another machine than
    // theirs.
    boolean tcp = settings.transport() != Transport.UDP;
    int most = settings.points().stream().mapToInt(p -> p.users()).max().orElse(1);
    UserLimits.ofThisProcess().check(most, local && tcp ? 2 : 1, tcp);
    NetServer server = null;
    try {
      if (local) {
        server = NetServer.start("127.0.0.1", 0, socket);
        settings = settings.withServer("127.0.0.1", server.port(), true);
      }
      try (NetDriver driver = NetDriver.connect(settings)) {
        if (cmd.hasOption("mtu-check")) {
          mtuCheck(driver.route(), settings, ctx);
        }
        return run(cmd, ctx, driver, timing);
      }
    } finally {
      if (server != null) {
        server.close();
      }
    }
  }

  private int run(CommandLine cmd, CliContext ctx, NetDriver driver, RunTiming timing)
      throws Exception {
    try (RunSession session =
        RunSession.open(cmd, ctx, "net " + workload.id(), driver.describe(), timing)) {
      session.drive(() -> driver.run(timing, session.recording(), session.control()));
      return session.finish();
    }
  }

  /** Prints a warning line per size that does not fit one packet on the route. */
  private static void mtuCheck(RouteMtu route, NetSettings settings, CliContext ctx) {
    if (route == null) {
      ctx.err().println("warning: --mtu-check: the route's interface and MTU could not be told");
      return;
    }
    for (String w :
        route.warnings(settings.transport(), settings.requestSizes(), settings.responseSizes())) {
      ctx.err().println("warning: " + w);
    }
  }

  /** --protocol, refused on crr when it is udp, as is --udp-timeout. */
  private Transport transport(CommandLine cmd) {
    Transport t = Transport.parse("--protocol", OptionDefs.text(cmd, options.require("protocol")));
    if (workload == NetWorkload.CRR && t == Transport.UDP) {
      throw new UsageException(
          "--protocol udp: crr connects per transaction and UDP has no connections; use net rr"
              + " --protocol udp, or --protocol tcp");
    }
    if (cmd.hasOption("udp-timeout") && t != Transport.UDP) {
      throw new UsageException(
          "--udp-timeout: applies to --protocol udp only"
              + (workload == NetWorkload.CRR ? " (crr is TCP only)" : "")
              + "; drop it or add --protocol udp");
    }
    return t;
  }

  /** The run's settings from the options; every value is checked here, before anything starts. */
  private NetSettings settings(CommandLine cmd) {
    NetSocketOptions socket =
        NetOptions.socketOptions(cmd, OptionDefs.onOff(cmd, options.require("nodelay")));
    boolean local = !cmd.hasOption("host");
    Transport transport = transport(cmd);
    List<Integer> users = users(cmd);
    // A count this machine cannot open is refused now, not users failing one by one mid-run.
    boolean tcp = transport != Transport.UDP;
    UserLimits.ofThisProcess()
        .check(
            users.stream().mapToInt(Integer::intValue).max().orElse(1), local && tcp ? 2 : 1, tcp);
    return new NetSettings(
        workload,
        local ? "127.0.0.1" : cmd.getOptionValue("host"),
        NetOptions.port(cmd, options.require("port")),
        users,
        NetOptions.sizes(cmd, "request", workload.defaultRequest(transport)),
        NetOptions.sizes(cmd, "response", workload.defaultResponse(transport)),
        socket,
        rate(cmd),
        OptionDefs.duration(cmd, options.require("connect-timeout")),
        local,
        transport,
        OptionDefs.duration(cmd, options.require("udp-timeout")));
  }

  private List<Integer> users(CommandLine cmd) {
    OptionSpec users = options.require("users");
    return Sizes.parseIntList(
        "--users",
        OptionDefs.text(cmd, users),
        (int) users.range().min(),
        (int) users.range().max());
  }

  private static double rate(CommandLine cmd) {
    String text = cmd.getOptionValue("rate");
    if (text == null) {
      return 0;
    }
    // 0 is the same as no --rate: as fast as possible (docs/configuration.md).
    return Numerals.parseDecimal(
        "--rate",
        text,
        0,
        MAX_RATE,
        "a rate in transactions per second (0: as fast as possible)",
        "5000");
  }
}
