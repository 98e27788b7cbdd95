package io.loadlab.core.net;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.workload.PreparedRun;
import io.loadlab.core.workload.UserLimits;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.WorkloadUser;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs {@code net rr}, {@code crr} or {@code stream} for every front-end: a load run against a
 * server, without {@code --host} against a server started in this process on loopback.
 */
public final class NetRunner implements WorkloadRunner<NetRunner.Settings> {
  /** The highest --rate taken: a billion transactions per second is beyond any network. */
  static final double MAX_RATE = 1e9;

  private static final Logger LOG = LoggerFactory.getLogger(NetRunner.class);

  private final NetWorkload workload;

  /** The runner of {@code workload}'s command. */
  public NetRunner(NetWorkload workload) {
    this.workload = workload;
  }

  /**
   * A run's settings, parsed once from the options.
   *
   * @param net what the run does
   * @param mtuCheck true if it warns, before the run, of sizes that do not fit one packet
   */
  public record Settings(NetSettings net, boolean mtuCheck) {}

  /** The run's settings from the options; every value is checked here, before anything starts. */
  @Override
  public Settings settings(OptionValues options) {
    NetSocketOptions socket = NetOptionValues.socketOptions(options, options.onOff("nodelay"));
    boolean local = !options.has("host");
    Transport transport = transport(options);
    List<Integer> users = users(options);
    // A count this machine cannot open is refused now, not users failing one by one mid-run.
    checkUsers(users, local, transport);
    NetSettings net =
        new NetSettings(
            workload,
            local ? "127.0.0.1" : options.text("host"),
            NetOptionValues.port(options),
            users,
            NetOptionValues.sizes(options, "request", workload.defaultRequest(transport)),
            NetOptionValues.sizes(options, "response", workload.defaultResponse(transport)),
            socket,
            rate(options),
            options.duration("connect-timeout"),
            local,
            transport,
            options.duration("udp-timeout"));
    return new Settings(net, options.flag("mtu-check"));
  }

  private static void checkUsers(List<Integer> users, boolean local, Transport transport) {
    boolean tcp = transport != Transport.UDP;
    UserLimits.ofThisProcess()
        .check(
            users.stream().mapToInt(Integer::intValue).max().orElse(1), local && tcp ? 2 : 1, tcp);
  }

  /** --protocol, refused on crr when it is udp, as is --udp-timeout. */
  private Transport transport(OptionValues options) {
    Transport t = Transport.parse("--protocol", options.text("protocol"));
    if (workload == NetWorkload.CRR && t == Transport.UDP) {
      throw new UsageException(
          "--protocol udp: crr connects per transaction and UDP has no connections; use net rr"
              + " --protocol udp, or --protocol tcp");
    }
    if (options.has("udp-timeout") && t != Transport.UDP) {
      throw new UsageException(
          "--udp-timeout: applies to --protocol udp only"
              + (workload == NetWorkload.CRR ? " (crr is TCP only)" : "")
              + "; drop it or add --protocol udp");
    }
    return t;
  }

  private static List<Integer> users(OptionValues options) {
    OptionSpec users = options.table().require("users");
    return Sizes.parseIntList(
        "--users", options.text("users"), (int) users.range().min(), (int) users.range().max());
  }

  private static double rate(OptionValues options) {
    if (!options.has("rate")) {
      return 0;
    }
    // 0 is the same as no --rate: as fast as possible (docs/configuration.md).
    return Numerals.parseDecimal(
        "--rate",
        options.text("rate"),
        0,
        MAX_RATE,
        "a rate in transactions per second (0: as fast as possible)",
        "5000");
  }

  /** The settings as recorded before a run found its route (interface and MTU unknown). */
  @Override
  public Object recorded(Settings settings) {
    Map<String, Object> m = settings.net().describe();
    m.put("interface", null);
    m.put("mtu", null);
    return m;
  }

  /**
   * Starts the loopback server when no host was given, connects to the server (exit code 3 if it
   * cannot be reached) and, with {@code --mtu-check}, warns of each size that does not fit one
   * packet on the route.
   */
  @Override
  public PreparedRun prepare(Settings settings, Consumer<String> warnings) throws Exception {
    NetSettings net = settings.net();
    // A count this machine cannot open is refused before anything starts, not users failing one
    // by one mid-run; again here, where the run runs (a campaign checks its steps elsewhere).
    checkUsers(net.users(), net.serverInProcess(), net.transport());
    NetServer server = null;
    NetDriver driver = null;
    try {
      if (net.serverInProcess()) {
        server = NetServer.start("127.0.0.1", 0, net.socket());
        net = net.withServer("127.0.0.1", server.port(), true);
      }
      driver = NetDriver.connect(net);
      if (settings.mtuCheck()) {
        mtuCheck(driver.route(), net, warnings);
      }
      return new Prepared(driver, server);
    } catch (Exception | Error e) {
      if (driver != null) {
        driver.close();
      }
      if (server != null) {
        server.close();
      }
      throw e;
    }
  }

  /** A warning per size that does not fit one packet on the route. */
  private static void mtuCheck(RouteMtu route, NetSettings net, Consumer<String> warnings) {
    if (route == null) {
      warnings.accept("--mtu-check: the route's interface and MTU could not be told");
      return;
    }
    route.warnings(net.transport(), net.requestSizes(), net.responseSizes()).forEach(warnings);
  }

  /** A run connected to its server, and the server when this process started it. */
  private record Prepared(NetDriver driver, NetServer server) implements PreparedRun {
    @Override
    public Object recorded() {
      return driver.describe();
    }

    @Override
    public void run(RunTiming timing, RunRecording recording, RunControl control) {
      driver.run(timing, recording, control);
    }

    @Override
    public void close() {
      try {
        driver.close();
      } finally {
        if (server != null) {
          server.close();
        }
      }
    }
  }

  @Override
  public void run(Settings settings, RunTiming timing, RunRecording recording, RunControl control)
      throws Exception {
    try (PreparedRun run = prepare(settings, w -> LOG.warn("{}", w))) {
      run.run(timing, recording, control);
    }
  }

  @Override
  public WorkloadUser user(Settings settings) throws Exception {
    return NetSampleUser.open(settings.net());
  }
}
