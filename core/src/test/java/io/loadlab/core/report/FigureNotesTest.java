package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FigureNotesTest {
  private static OperationStats op(double rate, double bytesPerSec, double meanUs, CpuCost cpu) {
    LatencySummary l =
        new LatencySummary(1, meanUs, meanUs, meanUs, meanUs, meanUs, meanUs, meanUs);
    return new OperationStats(1000, 0, 10, rate, bytesPerSec, 0, 0, l, cpu, null, null);
  }

  private static RunResult run(
      String workload, Map<String, Double> figures, Map<String, OperationStats> totals) {
    return new RunResult(
        "t",
        workload,
        null,
        null,
        Map.of(),
        null,
        null,
        null,
        null,
        RunStatus.OK,
        null,
        figures,
        totals,
        List.of(),
        List.of());
  }

  @Test
  void netperfLatencyStandsBesideTheMeasuredMeanWithTheReasonTheyDiffer() {
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    totals.put("rr users=1", op(3012.048, 0, 242, null));
    RunResult r = run("net rr", Map.of("netperfLatencyUs users=1", 332.0), totals);
    FigureNotes.Notes n = FigureNotes.of(r);
    assertEquals(
        List.of(
            "rr users=1: netperf latency (users ÷ rate): 332 µs; mean latency (measured, per"
                + " transaction): 242 µs"),
        n.lines());
    assertEquals(List.of(FigureNotes.LATENCY_WHY), n.why());
    assertFalse(FigureNotes.cpuPerMB(r));
  }

  @Test
  void aStreamsCpuReadsPerMegabyte() {
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    // 10 writes/s of 2 MB; per write 400 µs client, 1,000 µs host, 300 µs server.
    totals.put("stream users=1", op(10, 20e6, 5000, new CpuCost(400.0, 1000.0, 300.0)));
    RunResult r = run("net stream", Map.of("cpuUsPerMB users=1", 500.0), totals);
    assertTrue(FigureNotes.cpuPerMB(r));
    assertEquals(
        List.of(
            "stream users=1: client host CPU per MB: 500 µs (client process 200 µs, server 150"
                + " µs)"),
        FigureNotes.of(r).lines());
  }

  @Test
  void transfersAreNamedBesideTheOperationsRates() {
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    totals.put("publish size=64", op(2500, 0, 10, null));
    totals.put("deliver size=64", op(2400, 0, 10, null));
    totals.put("publish size=128", op(1000, 0, 10, null));
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("transfersPerSec size=64", 6000.0);
    figures.put("lost", 0.0);
    FigureNotes.Notes n = FigureNotes.of(run("amqp throughput", figures, totals));
    assertEquals(
        List.of(
            "size=64: messages/s (transfers): 6,000; operations/s: publish size=64 2,500, deliver"
                + " size=64 2,400"),
        n.lines());
    assertEquals(List.of(FigureNotes.TRANSFERS_WHY), n.why());
  }

  @Test
  void otherRunsHaveNoNotes() {
    RunResult r = run("ds2", Map.of("opm", 1200.0), Map.of("purchase", op(20, 0, 5, null)));
    assertTrue(FigureNotes.of(r).isEmpty());
    assertTrue(FigureNotes.of(r).all().isEmpty());
  }
}
