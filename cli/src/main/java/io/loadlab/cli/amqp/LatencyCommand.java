package io.loadlab.cli.amqp;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.LatencyDriver;
import io.loadlab.core.amqp.LatencySettings;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Numerals;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.cli.CommandLine;

/** {@code loadlab amqp latency}: messaging round-trip latency after qpid-latency-test. */
final class LatencyCommand extends DescribedCommand {
  /**
   * What queue names start with: made unique per run without {@code --base-name}, and the stable
   * name a broker that creates no queues is asked for (with the {@code --base-name} to give).
   */
  static final String BASE_NAME = "loadlab-latency";

  LatencyCommand() {
    super("amqp latency");
  }

  @Override
  public void check(CommandLine cmd) {
    settings(cmd, null);
    RunOptions.timing(cmd, Duration.ofSeconds(10), reportFrequency(cmd));
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    LatencySettings checked = settings(cmd, null);
    RunTiming timing = RunOptions.timing(cmd, Duration.ofSeconds(10), reportFrequency(cmd));
    try (AmqpOptions.Target target = new AmqpOptions.Target(cmd, 100, checked.durable())) {
      LatencySettings s = settings(cmd, target.settings).withBaseName(checked.baseName());
      List<String> queues = new java.util.ArrayList<>();
      for (int i = 1; i <= s.tests(); i++) {
        queues.add(BASE_NAME + "-" + i);
      }
      AmqpOptions.requireQueues(target, cmd, BASE_NAME, queues);
      Map<String, Object> config = new LinkedHashMap<>();
      config.put("broker", target.describe());
      target.record(config);
      config.put("sizes", s.sizes());
      config.put("rate", s.rate());
      config.put("count", s.count());
      config.put("tests", s.tests());
      config.put("ack", s.ackEvery());
      AmqpOptions.record(config, s.connection());
      config.put("keepQueues", cmd.hasOption("keep-queues"));
      config.put("durable", s.durable());
      config.put("singleConnection", s.singleConnection());
      config.put("baseName", s.baseName());
      PrintStream table =
          cmd.hasOption("csv") && cmd.getOptionValue("csv") == null ? ctx.err() : ctx.out();
      try (RunSession session = RunSession.open(cmd, ctx, "amqp latency", config, timing)) {
        LatencyDriver driver =
            new LatencyDriver(s)
                .queues(cmd.hasOption("keep-queues"), ctx.err()::println)
                .namesToCreate(cmd.getOptionValue("base-name", BASE_NAME));
        session.drive(() -> driver.run(timing, session.recording(), session.control()));
        RunResult result = session.finishResult();
        if (driver.refusal() != null) {
          throw driver.refusal(); // a setting the broker refused mid-run: one line, exit 2
        }
        table.print(figureTable(s, driver, result));
        return RunSession.exitCode(result.status());
      }
    }
  }

  /**
   * qpid-latency-test's name for {@code --interval}, in milliseconds when bare: messages name it as
   * the user typed it, and giving both is refused.
   */
  private static Duration reportFrequency(CommandLine cmd) {
    String v = cmd.getOptionValue("report-frequency");
    if (v == null) {
      return Duration.ofSeconds(1);
    }
    if (cmd.hasOption("interval")) {
      throw new UsageException("--report-frequency: is another name for --interval; give only one");
    }
    String text = v.trim().matches("[0-9]+") ? v.trim() + "ms" : v;
    Duration d = Durations.parse("--report-frequency", text);
    if (d.toMillis() < 100) {
      throw new UsageException(
          "--report-frequency: " + d.toMillis() + "ms is too short; use 100 (ms) or more");
    }
    return d;
  }

  private static LatencySettings settings(CommandLine cmd, AmqpConnectionSettings connection) {
    AmqpConnectionSettings c = connection != null ? connection : ProviderOptions.checked(cmd);
    LatencySettings d = LatencySettings.defaults(c, AmqpOptions.sizes(cmd, "256"));
    String base = cmd.getOptionValue("base-name");
    if (base == null) {
      base = BASE_NAME + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 20));
    }
    String drain = cmd.getOptionValue("drain-timeout");
    return new LatencySettings(
        c,
        d.sizes(),
        rate(cmd),
        AmqpOptions.longOption(cmd, "count", 0, 1),
        AmqpOptions.intOption(cmd, "tests", 1, 1, 1000),
        AmqpOptions.intOption(cmd, "ack", 0, 0, Integer.MAX_VALUE),
        cmd.hasOption("durable"),
        cmd.hasOption("single-connection"),
        base,
        drain == null ? d.drainTimeout() : Durations.parse("--drain-timeout", drain));
  }

  private static double rate(CommandLine cmd) {
    String v = cmd.getOptionValue("rate");
    if (v == null) {
      return 0;
    }
    return Numerals.parseDecimal(
        "--rate", v, 0, 10_000_000, "a rate in messages per second (0: one at a time)", "1000");
  }

  /** One row per size and test, shaped as the seeds' Figure 6 (latency in ms by size). */
  static String figureTable(LatencySettings s, LatencyDriver driver, RunResult result) {
    StringBuilder sb = new StringBuilder("\nround-trip latency by message size (ms)\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "%8s %6s %10s %10s %9s %9s %9s %9s %9s %9s %9s %12s %12s%n",
            "size",
            "test",
            "rate",
            "messages",
            "min",
            "avg",
            "p50",
            "p90",
            "p99",
            "p99.9",
            "max",
            "transit p50",
            "delay p99"));
    boolean any = false;
    for (int size : s.sizes()) {
      for (int t = 0; t < s.tests(); t++) {
        OperationStats o = result.totals().get(driver.latencyOp(size, t));
        if (o == null) {
          continue;
        }
        any = true;
        OperationStats delay = result.totals().get(driver.sendDelayOp(size, t));
        OperationStats transit = result.totals().get(driver.transitOp(size, t));
        LatencySummary l = o.latencyUs();
        sb.append(
            String.format(
                Locale.ROOT,
                "%8d %6d %10s %10d %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %12s %12s%n",
                size,
                t + 1,
                s.rate() == 0 ? "1-by-1" : String.format(Locale.ROOT, "%.0f", s.rateOf(t)),
                o.count(),
                l.min() / 1000,
                l.mean() / 1000,
                l.p50() / 1000,
                l.p90() / 1000,
                l.p99() / 1000,
                l.p999() / 1000,
                l.max() / 1000,
                transit == null
                    ? "-"
                    : String.format(Locale.ROOT, "%.3f", transit.latencyUs().p50() / 1000),
                delay == null
                    ? "-"
                    : String.format(Locale.ROOT, "%.3f", delay.latencyUs().p99() / 1000)));
      }
    }
    return any ? sb.toString() : "";
  }
}
