package io.loadlab.cli.net;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.net.NetDriver;
import io.loadlab.core.net.NetProtocol;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSettings;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.RouteMtu;
import io.loadlab.core.net.Transport;
import io.loadlab.core.net.UdpConnection;
import io.loadlab.core.net.UdpProtocol;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Sizes;
import java.time.Duration;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code loadlab net rr|crr|stream}: a load run against a server; without {@code --host} against a
 * server started in this process on loopback.
 */
final class NetLoadCommand implements Command {
  static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  /** The highest --rate taken: a billion transactions per second is beyond any network. */
  static final double MAX_RATE = 1e9;

  private final NetWorkload workload;
  private final String summary;

  NetLoadCommand(NetWorkload workload, String summary) {
    this.workload = workload;
    this.summary = summary;
  }

  @Override
  public String[] path() {
    return new String[] {"net", workload.id()};
  }

  @Override
  public String summary() {
    return summary;
  }

  @Override
  public boolean runsLoad() {
    return true;
  }

  @Override
  public List<String> figures() {
    return NetDriver.FIGURES;
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(
        OptionDefs.value(
            "host",
            "HOST",
            "server host name or address, IPv4 or IPv6 (default: a server started in this"
                + " process on 127.0.0.1)"));
    o.addOption(
        OptionDefs.value("port", "PORT", "server port (default " + NetProtocol.DEFAULT_PORT + ")"));
    o.addOption(
        OptionDefs.value(
            "users", "LIST", "concurrent users (connections), e.g. 1,10,20,50 (default 1)"));
    o.addOption(
        OptionDefs.value(
            "request",
            "SIZES",
            "request size(s) in bytes, e.g. 200 or 1,64,200 (default "
                + Sizes.format(workload.defaultRequest())
                + ")"));
    o.addOption(
        OptionDefs.value(
            "response",
            "SIZES",
            "response size(s) in bytes; 0 = one-way (default "
                + Sizes.format(workload.defaultResponse())
                + ")"));
    o.addOption(
        OptionDefs.value(
            "protocol",
            "tcp|udp",
            "transport (default tcp); udp: rr is netperf UDP_RR, stream is UDP_STREAM, sizes are"
                + " datagrams of "
                + UdpProtocol.HEADER_LENGTH
                + " to "
                + UdpProtocol.MAX_DATAGRAM
                + " bytes"));
    o.addOption(
        OptionDefs.value(
            "udp-timeout",
            "TIME",
            "udp: a response not back within this counts as lost (default "
                + UdpConnection.DEFAULT_TIMEOUT.toMillis()
                + "ms)"));
    o.addOption(
        OptionDefs.flag(
            "mtu-check",
            "warn when a request or response does not fit one packet at the MTU of the route's"
                + " interface"));
    o.addOption(OptionDefs.value("nodelay", "on|off", "TCP_NODELAY (default on)"));
    NetOptions.addSocketOptions(o);
    o.addOption(
        OptionDefs.value(
            "rate",
            "TPS",
            "target transactions/s over all users (open loop, latency from the intended start);"
                + " 0 (the default): as fast as possible"));
    o.addOption(
        OptionDefs.value("connect-timeout", "TIME", "how long a connect may take (default 5s)"));
    return o;
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
    Transport t =
        cmd.hasOption("protocol")
            ? Transport.parse("--protocol", cmd.getOptionValue("protocol"))
            : Transport.TCP;
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
    NetSocketOptions socket = NetOptions.socketOptions(cmd, OptionDefs.onOff(cmd, "nodelay", true));
    boolean local = !cmd.hasOption("host");
    Transport transport = transport(cmd);
    return new NetSettings(
        workload,
        local ? "127.0.0.1" : cmd.getOptionValue("host"),
        NetOptions.port(cmd, NetProtocol.DEFAULT_PORT, 1),
        Sizes.parseIntList("--users", cmd.getOptionValue("users", "1"), 1, NetSettings.MAX_USERS),
        NetOptions.sizes(cmd, "request", workload.defaultRequest(transport)),
        NetOptions.sizes(cmd, "response", workload.defaultResponse(transport)),
        socket,
        rate(cmd),
        RunOptions.duration(cmd, "connect-timeout", Duration.ofSeconds(5)),
        local,
        transport,
        RunOptions.duration(cmd, "udp-timeout", UdpConnection.DEFAULT_TIMEOUT));
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
