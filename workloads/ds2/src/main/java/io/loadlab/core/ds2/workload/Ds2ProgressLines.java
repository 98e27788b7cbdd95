package io.loadlab.core.ds2.workload;

import io.loadlab.core.ds2.Ds2Step;
import io.loadlab.core.ds2.Ds2StepException;
import io.loadlab.core.util.Secrets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The lines the DS2 workload prints while it runs: every interval a DS2-style progress line (per
 * target when there are several, then for all), and the first error of each kind. Kept apart from
 * {@link Ds2Driver}, which runs the users and the phases and calls this from its ticker.
 */
final class Ds2ProgressLines {
  private final Consumer<String> progress;

  /** Per line key, the orders and order nanos of the last tick; also the error kinds shown. */
  private final Map<String, long[]> lastTick = new LinkedHashMap<>();

  /**
   * @param progress where the lines go
   */
  Ds2ProgressLines(Consumer<String> progress) {
    this.progress = progress;
  }

  /** Prints the lines of one tick, {@code et} seconds after the last statistics reset. */
  void tick(List<Ds2TargetState> targets, double et, boolean warm) {
    String tag = warm ? "" : "warmup ";
    if (targets.size() > 1) {
      for (Ds2TargetState t : targets) {
        progress.accept(tag + line(t.name + ": ", t.name, List.of(t.counters), et));
      }
    }
    List<Ds2Counters> all = targets.stream().map(t -> t.counters).toList();
    progress.accept(tag + line("", "all", all, et));
  }

  /** Prints a step's error if it is the first of its kind (step and SQLSTATE). */
  void error(Ds2TargetState t, Ds2StepException e) {
    // Counted by SQLSTATE in the step's operation; the first of each kind is shown.
    String key = e.step().operation() + " " + e.sqlException().getSQLState();
    synchronized (lastTick) {
      if (lastTick.putIfAbsent("error " + key, new long[0]) == null) {
        progress.accept(
            "error in "
                + t.name
                + ": "
                + e.step().operation()
                + " failed ("
                + io.loadlab.core.database.SqlStates.kind(e.sqlException())
                + ": "
                + Secrets.mask(firstLine(e.sqlException().getMessage()))
                + ")");
      }
    }
  }

  private String line(String prefix, String key, List<Ds2Counters> cs, double et) {
    long orders = Ds2Counters.sum(cs, c -> c.orders.sum());
    long nanos = Ds2Counters.sum(cs, c -> c.orderNanos.sum());
    long rollbacks = Ds2Counters.sum(cs, c -> c.rollbacks.sum());
    long[] last;
    synchronized (lastTick) {
      last = lastTick.getOrDefault(key, new long[] {0, 0});
      if (orders < last[0]) {
        last = new long[] {0, 0}; // counters were reset
      }
      lastTick.put(key, new long[] {orders, nanos});
    }
    long dOrders = orders - last[0];
    double sampled = dOrders == 0 ? 0 : (nanos - last[1]) / 1e6 / dOrders;
    return String.format(
        Locale.ROOT,
        "%set=%7.1f n_overall=%d opm=%d rt_tot_avg_msec=%d rt_tot_sampled=%d"
            + " n_login=%d n_newcust=%d n_browse=%d n_purchase=%d"
            + " rollbacks: n=%d %%=%5.1f retries=%d errors=%d outages=%d",
        prefix,
        et,
        orders,
        et <= 0 ? 0 : (long) Math.floor(60 * orders / et),
        orders == 0 ? 0 : Math.round(nanos / 1e6 / orders),
        Math.round(sampled),
        Ds2Counters.sum(cs, c -> c.steps(Ds2Step.LOGIN)),
        Ds2Counters.sum(cs, c -> c.steps(Ds2Step.NEW_CUSTOMER)),
        Ds2Counters.sum(cs, c -> c.steps(Ds2Step.BROWSE)),
        Ds2Counters.sum(cs, c -> c.steps(Ds2Step.PURCHASE)),
        rollbacks,
        orders == 0 ? 0.0 : 100.0 * rollbacks / orders,
        Ds2Counters.sum(cs, c -> c.retries.sum()),
        Ds2Counters.sum(cs, c -> c.errors.sum()),
        Ds2Counters.sum(cs, c -> c.outages.sum()));
  }

  /** The first line of a (database) message; "" for none. */
  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
