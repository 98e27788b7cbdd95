package io.loadlab.core.amqp.runner;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.IterationResult;
import io.loadlab.core.amqp.ThroughputDriver;
import io.loadlab.core.amqp.ThroughputMode;
import io.loadlab.core.amqp.ThroughputSettings;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import io.loadlab.core.workload.RunConsole;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code amqp throughput}: messaging throughput after qpid-perftest. */
public final class ThroughputRunner extends MessagingRunner<ThroughputSettings> {
  static final String BASE_NAME = "loadlab-perftest";

  @Override
  String baseName() {
    return BASE_NAME;
  }

  /** Without {@code --duration} each iteration moves its count of messages. */
  @Override
  public Duration defaultDuration() {
    return Duration.ZERO;
  }

  @Override
  int defaultPrefetch() {
    return 1000;
  }

  @Override
  ThroughputSettings parse(AmqpOptions o, AmqpConnectionSettings c, String base) {
    ThroughputSettings d = ThroughputSettings.defaults(c, o.sizes("1024"));
    int tx = o.intOption("tx", 0, 0, Integer.MAX_VALUE);
    String timeout = o.value("receive-timeout");
    return new ThroughputSettings(
        c,
        d.sizes(),
        o.longOption("count", d.count(), 1),
        o.intOption("npubs", 1, 1, 10_000),
        o.intOption("nsubs", 1, 1, 10_000),
        o.intOption("qt", 1, 1, 10_000),
        o.has("mode") ? ThroughputMode.parse(o.value("mode")) : d.mode(),
        o.has("durable"),
        o.intOption("pub-tx", tx, 0, Integer.MAX_VALUE),
        o.intOption("sub-tx", tx, 0, Integer.MAX_VALUE),
        o.intOption("sub-ack", 0, 0, Integer.MAX_VALUE),
        o.has("sync-publish"),
        o.intOption("max-pending", d.maxPending(), 1, 1_000_000),
        o.intOption("iterations", 1, 1, 100_000),
        o.has("single-connection"),
        base,
        timeout == null ? d.receiveTimeout() : Durations.parse("--receive-timeout", timeout));
  }

  @Override
  boolean durable(ThroughputSettings s) {
    return s.durable();
  }

  @Override
  String baseName(ThroughputSettings s) {
    return s.baseName();
  }

  @Override
  AmqpConnectionSettings connection(ThroughputSettings s) {
    return s.connection();
  }

  @Override
  void requireQueues(BrokerTarget target, AmqpOptions o, ThroughputSettings s) {
    if (s.mode() == ThroughputMode.SHARED) {
      List<String> queues = new ArrayList<>();
      for (int i = 0; i < s.destinations(); i++) {
        queues.add(BASE_NAME + "-" + i);
      }
      target.requireQueues(o, BASE_NAME, queues);
    }
  }

  @Override
  void recordOwn(ThroughputSettings s, Map<String, Object> config) {
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
  }

  @Override
  void recordRest(ThroughputSettings s, Map<String, Object> config) {
    config.put("singleConnection", s.singleConnection());
    config.put("iterations", s.iterations());
    config.put("baseName", s.baseName());
  }

  @Override
  Started start(ThroughputSettings s, AmqpOptions o, RunConsole console) {
    ThroughputDriver driver =
        new ThroughputDriver(s)
            .queues(o.has("keep-queues"), console::notice)
            .namesToCreate(o.value("base-name", BASE_NAME));
    driver.checkBroker(); // --tx on a broker without transactions: one line, nothing started
    boolean summary = o.has("summary");
    List<IterationResult> all = new ArrayList<>();
    return new Started() {
      @Override
      public void run(RunTiming timing, RunRecording recording, RunControl control) {
        driver.run(
            timing,
            recording,
            control,
            r -> {
              all.add(r);
              if (summary) {
                console.line(r.summaryLine());
                if (s.iterations() > 1 && r.iteration() == s.iterations()) {
                  List<IterationResult> ofSize =
                      all.stream().filter(x -> x.size() == r.size()).toList();
                  console.line("Averages:\t" + averages(ofSize).summaryLine());
                }
              }
            });
      }

      @Override
      public LoadlabException refusal() {
        return driver.refusal();
      }

      @Override
      public String table(RunResult result) {
        return figureTable(s, all, result);
      }
    };
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
