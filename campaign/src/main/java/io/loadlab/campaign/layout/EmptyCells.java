package io.loadlab.campaign.layout;

import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.StepValidator;
import io.loadlab.core.report.FigureLabels;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Why a layout cell whose runs finished ok has no value ({@code —}), said from what those runs
 * recorded: the z/VM rehearsal's "STRG CPU time per MB" at MTU 9000 was empty because its one run
 * had the server's CPU and not the client's, so the two processes' CPU could not be added.
 */
public final class EmptyCells {
  private EmptyCells() {}

  /**
   * Why a cell with ok runs has no value of {@code figure} (without a final full stop); null if its
   * runs are not finished ok (a failed or unrun cell says so itself).
   */
  public static String why(Manifest m, Manifest.CellEntry c, String figure) {
    List<Manifest.RunEntry> ok =
        m.runs.stream().filter(r -> c.id.equals(r.cell) && "ok".equals(r.status)).toList();
    return ok.isEmpty() || c.failed > 0 ? null : why(m, c, ok, -1, figure);
  }

  /** A note's mark: its number in superscript digits ({@code ¹}, {@code ¹²}). */
  public static String mark(int n) {
    String sup = "⁰¹²³⁴⁵⁶⁷⁸⁹";
    StringBuilder sb = new StringBuilder();
    for (char d : Integer.toString(n).toCharArray()) {
      sb.append(sup.charAt(d - '0'));
    }
    return sb.toString();
  }

  /**
   * The reason, as a sentence without its final full stop.
   *
   * @param ok the cell's ok runs (at least one)
   * @param client the client's index, or -1 for the run's own figures
   */
  static String why(
      Manifest m, Manifest.CellEntry c, List<Manifest.RunEntry> ok, int client, String figure) {
    String label = FigureLabels.of(figure) + " (" + figure + ")";
    List<Map<String, Double>> figures =
        ok.stream().map(r -> figuresOf(r, client)).filter(Objects::nonNull).toList();
    if (figures.isEmpty()) {
      return "its runs have no client " + (client + 1);
    }
    String runs =
        (ok.size() == 1 ? "its ok run" : "its " + ok.size() + " ok runs") + operations(figures);
    if (figures.stream().anyMatch(f -> finite(f, figure))) {
      List<String> reported = c.reportedRuns;
      return "the reported run ("
          + String.join(", ", reported)
          + ") recorded no "
          + label
          + "; other runs of the cell did";
    }
    boolean clientCpu = figures.stream().anyMatch(f -> finite(f, "cpuClientUsPerOp"));
    boolean serverCpu = figures.stream().anyMatch(f -> finite(f, "cpuServerUsPerOp"));
    if (figure.equals("cpuProcessUsPerOp") || figure.equals("cpuProcessUsPerMB")) {
      if (serverCpu && !clientCpu) {
        return runs
            + " recorded the server's own CPU but not the client's, so the two processes' CPU"
            + " cannot be added";
      }
      if (clientCpu && !serverCpu) {
        return runs
            + " recorded the client's own CPU but not the server's (a server that is not"
            + " loadlab's net serve, or that could not be asked), so the two cannot be added";
      }
      if (!clientCpu) {
        return runs + " recorded neither the client's nor the server's own CPU";
      }
      return runs + " moved no bytes, so there is no CPU per MB";
    }
    if (figure.equals("cpuClientUsPerOp") && serverCpu) {
      return runs + " recorded the server's own CPU but not the client's";
    }
    if (figure.equals("cpuServerUsPerOp")) {
      return runs
          + " recorded no CPU of the server's own (a server that is not loadlab's net serve, or"
          + " that could not be asked)";
    }
    if (StepValidator.GUEST_CPU_FIGURES.contains(figure)) {
      return runs
          + " recorded no guests' CPU: the configuration has no libvirt guests, or the runs'"
          + " warnings say why it could not be measured";
    }
    return runs + " recorded no " + label;
  }

  private static Map<String, Double> figuresOf(Manifest.RunEntry r, int client) {
    if (client < 0) {
      return r.figures;
    }
    return r.clients == null || client >= r.clients.size() ? null : r.clients.get(client).figures;
  }

  private static boolean finite(Map<String, Double> f, String key) {
    Double v = f.get(key);
    return v != null && Double.isFinite(v);
  }

  /** {@code (20 operations)}, or for several runs their range; empty where not counted. */
  private static String operations(List<Map<String, Double>> figures) {
    double[] counts =
        figures.stream()
            .map(f -> f.get("count"))
            .filter(v -> v != null && Double.isFinite(v))
            .mapToDouble(Double::doubleValue)
            .sorted()
            .toArray();
    if (counts.length == 0) {
      return "";
    }
    String low = String.format(java.util.Locale.ROOT, "%,d", (long) counts[0]);
    String high = String.format(java.util.Locale.ROOT, "%,d", (long) counts[counts.length - 1]);
    return " (" + (low.equals(high) ? low : low + " to " + high) + " operations)";
  }
}
