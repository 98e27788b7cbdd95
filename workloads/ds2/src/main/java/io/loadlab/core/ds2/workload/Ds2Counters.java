package io.loadlab.core.ds2.workload;

import io.loadlab.core.ds2.Ds2BrowseResult;
import io.loadlab.core.ds2.Ds2Step;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;

/**
 * DS2's counters for one target (or all): sessions ("orders"), steps and their summed response
 * times, rollbacks, retries, errors, connection outages and searches that found something. Counted
 * only while measuring, like DS2's statistics after the warmup reset, and in step with the
 * recorder's operations (see {@link Ds2Driver}), so figures and totals agree.
 */
final class Ds2Counters {
  final LongAdder orders = new LongAdder();
  final LongAdder orderNanos = new LongAdder();
  final LongAdder rollbacks = new LongAdder();
  final LongAdder retries = new LongAdder();
  final LongAdder errors = new LongAdder();
  final LongAdder outages = new LongAdder();
  private final LongAdder[] steps = new LongAdder[Ds2Step.values().length];
  private final LongAdder[] stepNanos = new LongAdder[Ds2Step.values().length];
  private final LongAdder[] searches = new LongAdder[Ds2BrowseResult.By.values().length];
  private final LongAdder[] hits = new LongAdder[Ds2BrowseResult.By.values().length];

  Ds2Counters() {
    for (int i = 0; i < steps.length; i++) {
      steps[i] = new LongAdder();
      stepNanos[i] = new LongAdder();
    }
    for (int i = 0; i < searches.length; i++) {
      searches[i] = new LongAdder();
      hits[i] = new LongAdder();
    }
  }

  void search(Ds2BrowseResult r) {
    searches[r.by().ordinal()].increment();
    if (r.hit()) {
      hits[r.by().ordinal()].increment();
    }
  }

  long searches(Ds2BrowseResult.By by) {
    return searches[by.ordinal()].sum();
  }

  long hits(Ds2BrowseResult.By by) {
    return hits[by.ordinal()].sum();
  }

  void step(Ds2Step step, long nanos) {
    steps[step.ordinal()].increment();
    stepNanos[step.ordinal()].add(nanos);
  }

  /** Adds another set of counters into this one. */
  void addAll(Ds2Counters other) {
    orders.add(other.orders.sum());
    orderNanos.add(other.orderNanos.sum());
    rollbacks.add(other.rollbacks.sum());
    retries.add(other.retries.sum());
    errors.add(other.errors.sum());
    outages.add(other.outages.sum());
    for (int i = 0; i < steps.length; i++) {
      steps[i].add(other.steps[i].sum());
      stepNanos[i].add(other.stepNanos[i].sum());
    }
    for (int i = 0; i < searches.length; i++) {
      searches[i].add(other.searches[i].sum());
      hits[i].add(other.hits[i].sum());
    }
  }

  long steps(Ds2Step step) {
    return steps[step.ordinal()].sum();
  }

  /** Average response time of a step in milliseconds, 0 if none. */
  double stepAvgMs(Ds2Step step) {
    long n = steps(step);
    return n == 0 ? 0 : stepNanos[step.ordinal()].sum() / 1e6 / n;
  }

  /** Average order response time in milliseconds, 0 if none. */
  double orderAvgMs() {
    long n = orders.sum();
    return n == 0 ? 0 : orderNanos.sum() / 1e6 / n;
  }

  /** The counters of several targets together: the one set itself, or a new set of their sums. */
  static Ds2Counters merged(List<Ds2Counters> cs) {
    if (cs.size() == 1) {
      return cs.get(0);
    }
    Ds2Counters m = new Ds2Counters();
    for (Ds2Counters c : cs) {
      m.addAll(c);
    }
    return m;
  }

  /** The sum of one count over several sets of counters. */
  static long sum(List<Ds2Counters> cs, ToLongFunction<Ds2Counters> f) {
    long n = 0;
    for (Ds2Counters c : cs) {
      n += f.applyAsLong(c);
    }
    return n;
  }
}
