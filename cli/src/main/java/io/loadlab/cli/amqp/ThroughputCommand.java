package io.loadlab.cli.amqp;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.IterationResult;
import io.loadlab.core.amqp.ThroughputDriver;
import io.loadlab.core.amqp.ThroughputMode;
import io.loadlab.core.amqp.ThroughputSettings;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.cli.CommandLine;

/** {@code loadlab amqp throughput}: messaging throughput after qpid-perftest. */
final class ThroughputCommand extends DescribedCommand {
  /**
   * What queue and topic names start with: made unique per run without {@code --base-name}, and the
   * stable name a broker that creates no queues is asked for (with the {@code --base-name} to
   * give).
   */
  static final String BASE_NAME = "loadlab-perftest";

  ThroughputCommand() {
    super("amqp throughput");
  }

  @Override
  public void check(CommandLine cmd) {
    settings(cmd, null);
    RunOptions.timing(cmd, Duration.ZERO, Duration.ofSeconds(1));
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    ThroughputSettings checked = settings(cmd, null);
    RunTiming timing = RunOptions.timing(cmd, Duration.ZERO, Duration.ofSeconds(1));
    try (AmqpOptions.Target target = new AmqpOptions.Target(cmd, 1000, checked.durable())) {
      ThroughputSettings s = settings(cmd, target.settings).withBaseName(checked.baseName());
      if (s.mode() == ThroughputMode.SHARED) {
        List<String> queues = new ArrayList<>();
        for (int i = 0; i < s.destinations(); i++) {
          queues.add(BASE_NAME + "-" + i);
        }
        AmqpOptions.requireQueues(target, cmd, BASE_NAME, queues);
      }
      ThroughputDriver driver =
          new ThroughputDriver(s)
              .queues(cmd.hasOption("keep-queues"), ctx.err()::println)
              .namesToCreate(cmd.getOptionValue("base-name", BASE_NAME));
      driver.checkBroker(); // --tx on a broker without transactions: one line, nothing started
      Map<String, Object> config = new LinkedHashMap<>();
      config.put("broker", target.describe());
      target.record(config);
      config.put("sizes", s.sizes());
      config.put("count", s.count());
      config.put("npubs", s.publishers());
      config.put("nsubs", s.subscribers());
      config.put("qt", s.destinations());
      config.put("mode", s.mode().cliName());
      config.put("durable", s.durable());
      config.put("pubTx", s.publishTx());
      config.put("subTx", s.subscribeTx());
      config.put("subAck", s.subscribeAck());
      config.put("syncPublish", s.syncPublish());
      config.put("maxPending", s.maxPending());
      AmqpOptions.record(config, s.connection());
      config.put("keepQueues", cmd.hasOption("keep-queues"));
      config.put("singleConnection", s.singleConnection());
      config.put("iterations", s.iterations());
      config.put("baseName", s.baseName());
      PrintStream table =
          cmd.hasOption("csv") && cmd.getOptionValue("csv") == null ? ctx.err() : ctx.out();
      List<IterationResult> all = new ArrayList<>();
      try (RunSession session = RunSession.open(cmd, ctx, "amqp throughput", config, timing)) {
        boolean summary = cmd.hasOption("summary");
        session.drive(
            () ->
                driver.run(
                    timing,
                    session.recording(),
                    session.control(),
                    r -> {
                      all.add(r);
                      if (summary) {
                        table.println(r.summaryLine());
                        if (s.iterations() > 1 && r.iteration() == s.iterations()) {
                          List<IterationResult> ofSize =
                              all.stream().filter(x -> x.size() == r.size()).toList();
                          table.println("Averages:\t" + averages(ofSize).summaryLine());
                        }
                      }
                    }));
        RunResult result = session.finishResult();
        if (driver.refusal() != null) {
          throw driver.refusal(); // a setting the broker refused mid-run: one line, exit 2
        }
        table.print(figureTable(s, all, result));
        return RunSession.exitCode(result.status());
      }
    }
  }

  /** The run's settings; with no connection yet, a stand-in one (to check options early). */
  private static ThroughputSettings settings(CommandLine cmd, AmqpConnectionSettings connection) {
    AmqpConnectionSettings c = connection != null ? connection : ProviderOptions.checked(cmd);
    ThroughputSettings d = ThroughputSettings.defaults(c, AmqpOptions.sizes(cmd, "1024"));
    int tx = AmqpOptions.intOption(cmd, "tx", 0, 0, Integer.MAX_VALUE);
    String base = cmd.getOptionValue("base-name");
    if (base == null) {
      base = BASE_NAME + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 20));
    }
    String timeout = cmd.getOptionValue("receive-timeout");
    return new ThroughputSettings(
        c,
        d.sizes(),
        AmqpOptions.longOption(cmd, "count", d.count(), 1),
        AmqpOptions.intOption(cmd, "npubs", 1, 1, 10_000),
        AmqpOptions.intOption(cmd, "nsubs", 1, 1, 10_000),
        AmqpOptions.intOption(cmd, "qt", 1, 1, 10_000),
        cmd.hasOption("mode") ? ThroughputMode.parse(cmd.getOptionValue("mode")) : d.mode(),
        cmd.hasOption("durable"),
        AmqpOptions.intOption(cmd, "pub-tx", tx, 0, Integer.MAX_VALUE),
        AmqpOptions.intOption(cmd, "sub-tx", tx, 0, Integer.MAX_VALUE),
        AmqpOptions.intOption(cmd, "sub-ack", 0, 0, Integer.MAX_VALUE),
        cmd.hasOption("sync-publish"),
        AmqpOptions.intOption(cmd, "max-pending", d.maxPending(), 1, 1_000_000),
        AmqpOptions.intOption(cmd, "iterations", 1, 1, 100_000),
        cmd.hasOption("single-connection"),
        base,
        timeout == null ? d.receiveTimeout() : Durations.parse("--receive-timeout", timeout));
  }

  private static IterationResult averages(List<IterationResult> rs) {
    return new IterationResult(
        rs.get(0).size(),
        0,
        rs.stream().mapToDouble(IterationResult::seconds).average().orElse(0),
        0,
        0,
        rs.stream().mapToDouble(IterationResult::publishRate).average().orElse(0),
        0,
        rs.stream().mapToDouble(IterationResult::subscribeRate).average().orElse(0),
        0,
        rs.stream().mapToDouble(IterationResult::transfersPerSec).average().orElse(0),
        rs.stream().mapToDouble(IterationResult::megabytesPerSec).average().orElse(0),
        List.of());
  }

  /** One row per size, shaped as the seeds' Figure 7 (messages per second by size). */
  static String figureTable(ThroughputSettings s, List<IterationResult> all, RunResult result) {
    if (all.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\nthroughput by message size (means over iterations)\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "%8s %14s %14s %22s %10s %12s %12s %8s%n",
            "size",
            "publish msg/s",
            "receive msg/s",
            "messages/s (transfers)",
            "MB/s",
            "e2e p50 ms",
            "e2e p99 ms",
            "lost"));
    for (int size : s.sizes()) {
      List<IterationResult> rs = all.stream().filter(r -> r.size() == size).toList();
      if (rs.isEmpty()) {
        continue;
      }
      OperationStats deliver = result.totals().get(ThroughputDriver.deliverOp(size));
      sb.append(
          String.format(
              Locale.ROOT,
              "%8d %14.0f %14.0f %22.0f %10.2f %12.3f %12.3f %8d%n",
              size,
              rs.stream().mapToDouble(IterationResult::publishRate).average().orElse(0),
              rs.stream().mapToDouble(IterationResult::subscribeRate).average().orElse(0),
              rs.stream().mapToDouble(IterationResult::transfersPerSec).average().orElse(0),
              rs.stream().mapToDouble(IterationResult::megabytesPerSec).average().orElse(0),
              deliver == null ? 0 : deliver.latencyUs().p50() / 1000,
              deliver == null ? 0 : deliver.latencyUs().p99() / 1000,
              rs.stream().mapToLong(IterationResult::lost).sum()));
    }
    return sb.toString();
  }
}
