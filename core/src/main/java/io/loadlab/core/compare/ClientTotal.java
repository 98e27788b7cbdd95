package io.loadlab.core.compare;

import io.loadlab.core.report.SweepFigure;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The total of a run made of several clients at once (one machine each), as the comparison sets it
 * against other runs: counts, rates, bytes and workload figures (OPM, transfers/s) added; latency,
 * CPU per operation and other lower-is-better figures the worst client's (the clients' histograms
 * are not merged here), so a total never looks better than its slowest machine.
 */
final class ClientTotal {
  private ClientTotal() {}

  static RunResult of(List<RunResult> clients) {
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("a run of several clients needs one client or more");
    }
    RunResult first = clients.get(0);
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    Map<String, Double> figures = new LinkedHashMap<>();
    RunStatus status = RunStatus.OK;
    String reason = null;
    for (RunResult r : clients) {
      if (r.status() != RunStatus.OK && status == RunStatus.OK) {
        status = r.status();
        reason = r.statusReason();
      }
      if (r.totals() != null) {
        r.totals().forEach((op, s) -> totals.merge(op, s, ClientTotal::add));
      }
      if (r.figures() != null) {
        r.figures()
            .forEach(
                (k, v) -> {
                  if (v != null) {
                    figures.merge(k, v, SweepFigure.lowerIsBetter(k) ? Math::max : Double::sum);
                  }
                });
      }
    }
    return new RunResult(
        first.toolVersion(),
        first.workload(),
        first.label(),
        first.commandLine(),
        first.configuration(),
        first.environment(),
        first.testbed(),
        first.startTime(),
        first.endTime(),
        status,
        reason,
        figures,
        totals,
        List.of(),
        List.of());
  }

  private static OperationStats add(OperationStats a, OperationStats b) {
    Map<String, Long> kinds = new LinkedHashMap<>();
    if (a.errorKinds() != null) {
      kinds.putAll(a.errorKinds());
    }
    if (b.errorKinds() != null) {
      b.errorKinds().forEach((k, v) -> kinds.merge(k, v, Long::sum));
    }
    return new OperationStats(
        a.count() + b.count(),
        a.errors() + b.errors(),
        Math.max(a.durationSec(), b.durationSec()),
        a.ratePerSec() + b.ratePerSec(),
        a.bytesPerSec() + b.bytesPerSec(),
        a.bytesSent() + b.bytesSent(),
        a.bytesReceived() + b.bytesReceived(),
        worst(a.latencyUs(), b.latencyUs()),
        worst(a.cpu(), b.cpu()),
        kinds.isEmpty() ? null : kinds,
        a.parameters());
  }

  private static LatencySummary worst(LatencySummary a, LatencySummary b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return new LatencySummary(
        max(a, b, LatencySummary::min),
        max(a, b, LatencySummary::mean),
        max(a, b, LatencySummary::p50),
        max(a, b, LatencySummary::p90),
        max(a, b, LatencySummary::p99),
        max(a, b, LatencySummary::p999),
        max(a, b, LatencySummary::p9999),
        max(a, b, LatencySummary::max));
  }

  private static <T> double max(T a, T b, ToDoubleFunction<T> f) {
    return Math.max(f.applyAsDouble(a), f.applyAsDouble(b));
  }

  private static CpuCost worst(CpuCost a, CpuCost b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return new CpuCost(
        max(a.clientUsPerOp(), b.clientUsPerOp()),
        max(a.hostUsPerOp(), b.hostUsPerOp()),
        max(a.serverUsPerOp(), b.serverUsPerOp()));
  }

  private static Double max(Double a, Double b) {
    return a == null ? b : b == null ? a : Double.valueOf(Math.max(a, b));
  }
}
