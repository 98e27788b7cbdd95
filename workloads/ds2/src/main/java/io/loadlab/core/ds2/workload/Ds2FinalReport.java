package io.loadlab.core.ds2.workload;

import io.loadlab.core.ds2.Ds2BrowseResult;
import io.loadlab.core.ds2.Ds2Step;
import io.loadlab.core.run.RunRecording;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The end of a DS2 run, from the targets' {@link Ds2Counters}: records the run's figures ({@code
 * opm}, per-target opm, orders, rollbacks, retries, outages, errors, orders since the start and
 * search hit rates), adds a problem for a kind of search that found nothing, and prints DS2's final
 * lines. Kept apart from {@link Ds2Driver}, which runs the users and the phases and calls this once
 * they have stopped.
 */
public final class Ds2FinalReport {
  /**
   * The workload figures its runs report, which criteria may name: orders per minute ({@code opm},
   * and {@code opm NAME} per user thread), orders, rollbacks, retries, outages and search hits.
   */
  public static final List<String> NAMES =
      List.of(
          "opm",
          "orders",
          "rollbacks",
          "rollbackPct",
          "retries",
          "outages",
          "errors",
          "ordersFromStart",
          "rollbacksFromStart",
          "searchHitPct");

  /** The least searches of a kind for "none found anything" to be worth a problem. */
  static final int MIN_SEARCHES_FOR_WARNING = 50;

  private Ds2FinalReport() {}

  /**
   * Records the figures of the measured window and prints the final lines.
   *
   * @param seconds the length of the measured window
   * @param progress where the final lines go
   */
  static void write(
      RunRecording recording,
      Ds2RunSettings settings,
      List<Ds2TargetState> targets,
      double seconds,
      Consumer<String> progress) {
    List<Ds2Counters> all = targets.stream().map(t -> t.counters).toList();
    long orders = Ds2Counters.sum(all, c -> c.orders.sum());
    long rollbacks = Ds2Counters.sum(all, c -> c.rollbacks.sum());
    recording.figure("opm", 60 * orders / seconds);
    recording.figure("orders", orders);
    recording.figure("rollbacks", rollbacks);
    recording.figure("rollbackPct", orders == 0 ? 0 : 100.0 * rollbacks / orders);
    recording.figure("retries", Ds2Counters.sum(all, c -> c.retries.sum()));
    recording.figure("outages", Ds2Counters.sum(all, c -> c.outages.sum()));
    recording.figure("errors", Ds2Counters.sum(all, c -> c.errors.sum()));
    if (targets.size() > 1) {
      for (Ds2TargetState t : targets) {
        recording.figure("opm " + t.name, 60 * t.counters.orders.sum() / seconds);
      }
    }
    long fromStart = targets.stream().mapToLong(t -> t.sinceStart.orders.sum()).sum();
    long rbFromStart = targets.stream().mapToLong(t -> t.sinceStart.rollbacks.sum()).sum();
    recording.figure("ordersFromStart", fromStart);
    recording.figure("rollbacksFromStart", rbFromStart);
    Ds2Counters one = Ds2Counters.merged(all);
    String hits = searchHits(recording, settings, targets, one);
    progress.accept(
        String.format(
                Locale.ROOT,
                "Final: et=%.1f n_overall=%d opm=%d rt_tot_avg=%d n_login_overall=%d"
                    + " n_newcust_overall=%d n_browse_overall=%d n_purchase_overall=%d"
                    + " rt_login_avg_msec=%d rt_newcust_avg_msec=%d rt_browse_avg_msec=%d"
                    + " rt_purchase_avg_msec=%d n_rollbacks_overall=%d rollback_rate = %.1f%%",
                seconds,
                orders,
                (long) Math.floor(60 * orders / seconds),
                Math.round(one.orderAvgMs()),
                one.steps(Ds2Step.LOGIN),
                one.steps(Ds2Step.NEW_CUSTOMER),
                one.steps(Ds2Step.BROWSE),
                one.steps(Ds2Step.PURCHASE),
                Math.round(one.stepAvgMs(Ds2Step.LOGIN)),
                Math.round(one.stepAvgMs(Ds2Step.NEW_CUSTOMER)),
                Math.round(one.stepAvgMs(Ds2Step.BROWSE)),
                Math.round(one.stepAvgMs(Ds2Step.PURCHASE)),
                rollbacks,
                orders == 0 ? 0.0 : 100.0 * rollbacks / orders)
            + hits);
    progress.accept(
        "n_orders_from_start= " + fromStart + " n_rollbacks_from_start= " + rbFromStart);
  }

  /**
   * Records the share of searches that found a product (figures {@code searchHitPct} and {@code
   * searchHitPct <kind>}), adds a problem for a kind of search that found nothing at all, and
   * returns the figures for the final line.
   */
  private static String searchHits(
      RunRecording recording,
      Ds2RunSettings settings,
      List<Ds2TargetState> targets,
      Ds2Counters c) {
    long searches = 0;
    long hits = 0;
    StringBuilder line = new StringBuilder();
    for (Ds2BrowseResult.By by : Ds2BrowseResult.By.values()) {
      long n = c.searches(by);
      long h = c.hits(by);
      searches += n;
      hits += h;
      if (n > 0) {
        double pct = 100.0 * h / n;
        recording.figure("searchHitPct " + by.label(), pct);
        line.append(String.format(Locale.ROOT, " %s_hit_pct=%.1f", by.label(), pct));
      }
      boolean expectedEmpty = by == Ds2BrowseResult.By.TITLE && settings.compatTitleSearch();
      if (n >= MIN_SEARCHES_FOR_WARNING && h == 0 && !expectedEmpty) {
        recording.problem(
            "searches found nothing",
            n,
            "none of "
                + n
                + " "
                + by.label()
                + " searches found a product: the database's "
                + by.label()
                + " values do not hold the words searched for ("
                + targets.get(0).terms.describe()
                + "), so browse latency is not DS2's");
      }
    }
    if (searches > 0) {
      double pct = 100.0 * hits / searches;
      recording.figure("searchHitPct", pct);
      return String.format(Locale.ROOT, " search_hit_pct=%.1f", pct) + line;
    }
    return "";
  }
}
