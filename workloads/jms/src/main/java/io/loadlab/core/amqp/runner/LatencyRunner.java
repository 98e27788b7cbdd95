package io.loadlab.core.amqp.runner;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.LatencyDriver;
import io.loadlab.core.amqp.LatencySettings;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.workload.RunConsole;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code amqp latency}: messaging round-trip latency after qpid-latency-test. */
public final class LatencyRunner extends MessagingRunner<LatencySettings> {
  static final String BASE_NAME = "loadlab-latency";

  @Override
  String baseName() {
    return BASE_NAME;
  }

  @Override
  int defaultPrefetch() {
    return 100;
  }

  @Override
  LatencySettings parse(AmqpOptions o, AmqpConnectionSettings c, String base) {
    LatencySettings d = LatencySettings.defaults(c, o.sizes("256"));
    String drain = o.value("drain-timeout");
    return new LatencySettings(
        c,
        d.sizes(),
        rate(o),
        o.longOption("count", 0, 1),
        o.intOption("tests", 1, 1, 1000),
        o.intOption("ack", 0, 0, Integer.MAX_VALUE),
        o.has("durable"),
        o.has("single-connection"),
        base,
        drain == null ? d.drainTimeout() : Durations.parse("--drain-timeout", drain));
  }

  private static double rate(AmqpOptions o) {
    String v = o.value("rate");
    if (v == null) {
      return 0;
    }
    return Numerals.parseDecimal(
        "--rate", v, 0, 10_000_000, "a rate in messages per second (0: one at a time)", "1000");
  }

  /**
   * qpid-latency-test's name for {@code --interval}, in milliseconds when bare: messages name it as
   * the user typed it, and giving both is refused.
   */
  @Override
  Duration interval(AmqpOptions o) {
    String v = o.value("report-frequency");
    if (v == null) {
      return null;
    }
    if (o.has("interval")) {
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

  @Override
  boolean durable(LatencySettings s) {
    return s.durable();
  }

  @Override
  String baseName(LatencySettings s) {
    return s.baseName();
  }

  @Override
  AmqpConnectionSettings connection(LatencySettings s) {
    return s.connection();
  }

  @Override
  void requireQueues(BrokerTarget target, AmqpOptions o, LatencySettings s) {
    List<String> queues = new ArrayList<>();
    for (int i = 1; i <= s.tests(); i++) {
      queues.add(BASE_NAME + "-" + i);
    }
    target.requireQueues(o, BASE_NAME, queues);
  }

  @Override
  void recordOwn(LatencySettings s, Map<String, Object> config) {
    config.put("sizes", s.sizes());
    config.put("rate", s.rate());
    config.put("count", s.count());
    config.put("tests", s.tests());
    config.put("ack", s.ackEvery());
  }

  @Override
  void recordRest(LatencySettings s, Map<String, Object> config) {
    config.put("durable", s.durable());
    config.put("singleConnection", s.singleConnection());
    config.put("baseName", s.baseName());
  }

  @Override
  Started start(LatencySettings s, AmqpOptions o, RunConsole console) {
    LatencyDriver driver =
        new LatencyDriver(s)
            .queues(o.has("keep-queues"), console::notice)
            .namesToCreate(o.value("base-name", BASE_NAME));
    return new Started() {
      @Override
      public void run(RunTiming timing, RunRecording recording, RunControl control) {
        driver.run(timing, recording, control);
      }

      @Override
      public LoadlabException refusal() {
        return driver.refusal();
      }

      @Override
      public String table(RunResult result) {
        return figureTable(s, driver, result);
      }
    };
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
