package io.loadlab.core.live.page;

import io.loadlab.core.live.OperationView;
import io.loadlab.core.live.RunView;
import io.loadlab.core.monitor.Saturation;
import io.loadlab.core.results.GeneratorLoad;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the live page warns of while a run goes, one line per kind, kept up to date interval by
 * interval: failed operations, a target rate not held, a load generator at the thresholds of {@link
 * Saturation}; and at the end the run's own warnings and failure. Warmup intervals are not judged,
 * as the run's own warnings leave them out.
 */
final class LiveWarnings {
  private final Map<String, String> messages = new LinkedHashMap<>();
  private int measured;
  private int missed;
  private int busy;

  /** Judges a finished interval. */
  void add(RunView view) {
    if (view.warmup()) {
      return;
    }
    measured++;
    long failed = 0;
    long failedNow = 0;
    OperationView short_ = null;
    for (OperationView op : view.operations()) {
      failed += op.run().errors();
      failedNow += op.interval().errors();
      if (Boolean.FALSE.equals(op.held())) {
        short_ = op;
      }
    }
    if (failed > 0) {
      messages.put(
          "errors",
          failed
              + " operations failed in the measured time so far ("
              + failedNow
              + " in interval "
              + view.index()
              + ")");
    }
    if (short_ != null) {
      missed++;
      messages.put(
          "target-missed",
          String.format(
              Locale.ROOT,
              "target rate not held in %d of %d measured intervals (last: interval %d, %s at"
                  + " %.1f/s of %.1f/s)",
              missed,
              measured,
              view.index(),
              short_.operation(),
              short_.interval().ratePerSec(),
              short_.targetRate()));
    }
    GeneratorLoad g = view.generator();
    if (g != null
        && (atLeast(g.processCpuPercent(), Saturation.PROCESS_CPU_PERCENT)
            || atLeast(g.hostCpuPercent(), Saturation.HOST_CPU_PERCENT))) {
      busy++;
      messages.put(
          "generator-busy",
          String.format(
              Locale.ROOT,
              "load generator busy in %d of %d measured intervals (last: interval %d, process CPU"
                  + " %s, host CPU %s of what it may use)",
              busy,
              measured,
              view.index(),
              percent(g.processCpuPercent()),
              percent(g.hostCpuPercent())));
    }
  }

  /** The run ended: its own warnings, and why it failed if it did. */
  void ended(RunResult result) {
    if (result.warnings() != null) {
      for (Warning w : result.warnings()) {
        messages.put(w.kind(), w.message());
      }
    }
    if (result.statusReason() != null && !result.statusReason().isBlank()) {
      messages.put(
          "status",
          "run " + result.status().name().toLowerCase(Locale.ROOT) + ": " + result.statusReason());
    }
  }

  /** The warnings now, each a {@code kind} and a {@code message}. */
  List<Map<String, String>> list() {
    List<Map<String, String>> out = new ArrayList<>();
    messages.forEach((k, m) -> out.add(Map.of("kind", k, "message", m)));
    return out;
  }

  private static boolean atLeast(Double v, double threshold) {
    return v != null && v >= threshold;
  }

  private static String percent(Double v) {
    return v == null ? "–" : String.format(Locale.ROOT, "%.0f%%", v);
  }
}
