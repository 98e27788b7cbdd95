package io.loadlab.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Which of a run's workload figures are headline figures: performance (rates, throughput, latency,
 * CPU cost) and what went wrong (errors, losses, retries), never bookkeeping, and never a figure
 * that is zero in every run shown, which says nothing and makes a ratio of 0 to 0.
 *
 * <p>Bookkeeping is what a run counts about its own setup or about its data rather than about the
 * system under test: queues created or deleted, tallies since the start with the warmup and the
 * sessions after the end ({@code ordersFromStart}), messages in flight when a run was stopped, and
 * how often searches found something (a property of the generated data), and how fairly the load
 * generator ran its users ({@code userTxMin}, {@code userWaitMaxMs}, ...: the client's own
 * scheduling, which its warnings report when a user was starved). Bookkeeping figures stay in the
 * results and in detail tables.
 */
public final class HeadlineFigures {
  private HeadlineFigures() {}

  /** True if the figure (its key, a point after a space allowed) is bookkeeping. */
  public static boolean isBookkeeping(String figure) {
    String key = figure.contains(" ") ? figure.substring(0, figure.indexOf(' ')) : figure;
    String k = key.toLowerCase(Locale.ROOT);
    return k.startsWith("queues")
        || k.endsWith("fromstart")
        || k.equals("inflight")
        || k.startsWith("searchhit")
        || k.startsWith("usertx")
        || k.startsWith("userwait")
        || k.startsWith("useridle");
  }

  /**
   * The headline figures among {@code names}, in order: not bookkeeping, and with a value other
   * than zero somewhere in {@code values} (each figure's values, every run or side; a figure with
   * no value at all is left out too).
   */
  public static List<String> of(List<String> names, Function<String, double[]> values) {
    List<String> out = new ArrayList<>();
    for (String name : names) {
      if (!isBookkeeping(name) && !zeroEverywhere(values.apply(name))) {
        out.add(name);
      }
    }
    return out;
  }

  /** The figures {@link #of} leaves out, in order: for a detail table. */
  public static List<String> others(List<String> names, Function<String, double[]> values) {
    List<String> headline = of(names, values);
    return names.stream().filter(n -> !headline.contains(n)).toList();
  }

  private static boolean zeroEverywhere(double[] values) {
    for (double v : values) {
      if (Double.isFinite(v) && v != 0) {
        return false;
      }
    }
    return true;
  }
}
