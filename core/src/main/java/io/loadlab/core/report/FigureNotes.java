package io.loadlab.core.report;

import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lines that put a run's figures which are easily confused side by side, each named for what it is,
 * and a sentence on why they differ: netperf's latency (users ÷ rate) beside the measured mean (net
 * rr, crr), CPU per MB moved instead of per write (net stream), and qpid-perftest's transfers
 * beside the operations' own rates (amqp throughput). The console, summary.md and report.html show
 * the same lines.
 */
public final class FigureNotes {
  static final String LATENCY = "netperfLatencyUs";
  static final String CPU_PER_MB = "cpuUsPerMB";
  static final String TRANSFERS = "transfersPerSec";

  static final String LATENCY_WHY =
      "Netperf latency is users ÷ transactions per second, as netperf reports it; the measured"
          + " latency runs from the start of a request to the last byte of its response, so the"
          + " time between transactions on the client and the server is in the first, not in the"
          + " second.";
  static final String PACED_WHY =
      "With --rate there is no netperf latency: users ÷ rate would be users ÷ the target rate,"
          + " which says nothing about the system; the measured latency is the one to quote.";
  static final String CPU_WHY =
      "CPU per MB is netperf's service demand: the CPU time over the measured part ÷ the MB"
          + " (10^6 bytes) moved; on one host (loopback) the host's CPU covers both ends.";
  static final String TRANSFERS_WHY =
      "messages/s (transfers) is qpid-perftest's total transfers/s, which the lab reports give as"
          + " messages per second: every message counts when sent and when received, over the"
          + " iteration from the start signal to the last receipt. operations/s (the totals' ops/s)"
          + " are each operation's own over the measured window: publish counts the sends, deliver"
          + " the receives, so each is about half the transfers.";

  private FigureNotes() {}

  /** True if the run's CPU figures read per MB moved (a stream), not per operation. */
  public static boolean cpuPerMB(RunResult r) {
    return r.figures() != null
        && r.figures().keySet().stream().anyMatch(k -> k.startsWith(CPU_PER_MB + " "));
  }

  /**
   * A run's notes: one line per figure put beside another ({@code rr users=2: netperf latency
   * (users ÷ rate): 332 µs; mean latency (measured, per transaction): 242 µs}), and the sentences
   * that say why they differ, each once.
   */
  public record Notes(List<String> lines, List<String> why) {
    /** True if the run has none of these figures. */
    public boolean isEmpty() {
      return lines.isEmpty();
    }

    /** The lines, then the sentences. */
    public List<String> all() {
      List<String> all = new ArrayList<>(lines);
      all.addAll(why);
      return all;
    }
  }

  /** The run's notes; empty if it has none of these figures. */
  public static Notes of(RunResult r) {
    Map<String, OperationStats> totals = r.totals() == null ? Map.of() : r.totals();
    Map<String, Double> figures = r.figures() == null ? Map.of() : r.figures();
    List<String> lines = new ArrayList<>();
    List<String> why = new ArrayList<>();
    for (Map.Entry<String, OperationStats> e : totals.entrySet()) {
      String op = e.getKey();
      OperationStats s = e.getValue();
      String at = point(op);
      Double latency = figures.get(LATENCY + " " + at);
      Double perMB = figures.get(CPU_PER_MB + " " + at);
      if (latency != null) {
        lines.add(
            op
                + ": netperf latency (users ÷ rate): "
                + us(latency)
                + "; mean latency (measured, per transaction): "
                + us(s.latencyUs() == null ? Double.NaN : s.latencyUs().mean()));
        addOnce(why, LATENCY_WHY);
      } else if (isTransactions(op) && paced(r, op)) {
        lines.add(
            op
                + ": netperf latency (users ÷ rate): not given with --rate; mean latency"
                + " (measured, from the intended start): "
                + us(s.latencyUs() == null ? Double.NaN : s.latencyUs().mean()));
        addOnce(why, PACED_WHY);
      }
      if (perMB != null) {
        lines.add(op + ": " + cpuLine(perMB, s));
        addOnce(why, CPU_WHY);
      }
    }
    figures.forEach(
        (k, v) -> {
          if (k.startsWith(TRANSFERS + " ") || k.equals(TRANSFERS)) {
            String at = k.equals(TRANSFERS) ? "" : k.substring(TRANSFERS.length() + 1);
            List<String> ops = new ArrayList<>();
            totals.forEach(
                (op, s) -> {
                  if (at.isEmpty() || point(op).equals(at)) {
                    ops.add(op + " " + Numbers.format(s.ratePerSec()));
                  }
                });
            lines.add(
                (at.isEmpty() ? "" : at + ": ")
                    + "messages/s (transfers): "
                    + Numbers.format(v)
                    + (ops.isEmpty() ? "" : "; operations/s: " + String.join(", ", ops)));
            addOnce(why, TRANSFERS_WHY);
          }
        });
    return new Notes(List.copyOf(lines), List.copyOf(why));
  }

  private static String cpuLine(double perMB, OperationStats s) {
    CpuCost c = s.cpu();
    StringBuilder sb = new StringBuilder("client host CPU per MB: ").append(us(perMB));
    if (c != null) {
      List<String> more = new ArrayList<>();
      Double process = CpuCost.perMB(c.clientUsPerOp(), s);
      Double server = CpuCost.perMB(c.serverUsPerOp(), s);
      if (process != null) {
        more.add("client process " + us(process));
      }
      if (server != null) {
        more.add("server " + us(server));
      }
      if (!more.isEmpty()) {
        sb.append(" (").append(String.join(", ", more)).append(')');
      }
    }
    return sb.toString();
  }

  /** {@code users=2} of {@code rr users=2}: how figures at a point are named. */
  static String point(String operation) {
    int space = operation.indexOf(' ');
    return space < 0 ? "" : operation.substring(space + 1);
  }

  private static boolean isTransactions(String op) {
    return op.startsWith("rr ") || op.startsWith("crr ");
  }

  private static boolean paced(RunResult r, String op) {
    if (r.rateChecks() == null) {
      return false;
    }
    for (RateCheck c : r.rateChecks()) {
      if (c.operation().equals(op)) {
        return true;
      }
    }
    return false;
  }

  private static String us(double v) {
    return Double.isFinite(v) ? Numbers.format(v) + " µs" : "–";
  }

  private static void addOnce(List<String> list, String line) {
    if (!list.contains(line)) {
      list.add(line);
    }
  }
}
