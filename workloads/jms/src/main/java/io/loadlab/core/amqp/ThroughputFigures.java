package io.loadlab.core.amqp;

import io.loadlab.core.run.RunRecording;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * What a {@link ThroughputDriver} run works out and records from its clients once they are done: an
 * iteration's rates (as qpid-perftest computes them), the per-size means over iterations, the
 * run-wide delivery totals and the delivery problems of each receiving queue. Kept apart from the
 * driver, which sets up the clients, runs the iterations and decides whether the run failed.
 */
public final class ThroughputFigures {
  /**
   * The workload figures its runs report, which criteria may name: rates per size ({@code
   * transfersPerSec size=64}), and the run's delivery counts.
   */
  public static final List<String> NAMES =
      List.of(
          "publishRate",
          "subscribeRate",
          "transfersPerSec",
          "mbPerSec",
          "lost",
          "duplicates",
          "outOfOrder",
          "inFlight",
          "queuesDeleted");

  private ThroughputFigures() {}

  /**
   * An iteration's result, from its clients' counts and its start and end ({@code t0}, {@code t1}).
   */
  static IterationResult result(
      int size,
      int iteration,
      long t0,
      long t1,
      List<PerftestPublisher> pubs,
      List<PerftestSubscriber> subs,
      List<DeliveryReport> reports) {
    double seconds = Math.max(1e-9, (t1 - t0) / 1e9);
    long published = pubs.stream().mapToLong(PerftestPublisher::confirmed).sum();
    long received = subs.stream().mapToLong(PerftestSubscriber::received).sum();
    double[] pubRates = pubs.stream().mapToDouble(PerftestPublisher::rate).toArray();
    double[] subRates = subs.stream().mapToDouble(PerftestSubscriber::rate).toArray();
    double transfers = (published + received) / seconds;
    return new IterationResult(
        size,
        iteration,
        seconds,
        published,
        received,
        Stats.mean(pubRates),
        Stats.stdDev(pubRates),
        Stats.mean(subRates),
        Stats.stdDev(subRates),
        transfers,
        transfers * size / (1 << 20),
        reports);
  }

  /** Records a size's figures: the means of its measured iterations' rates (none if none). */
  static void sizeMeans(RunRecording recording, int size, List<IterationResult> rs) {
    if (rs.isEmpty()) {
      return;
    }
    String at = " size=" + size;
    recording.figure("publishRate" + at, mean(rs, IterationResult::publishRate));
    recording.figure("subscribeRate" + at, mean(rs, IterationResult::subscribeRate));
    recording.figure("transfersPerSec" + at, mean(rs, IterationResult::transfersPerSec));
    recording.figure("mbPerSec" + at, mean(rs, IterationResult::megabytesPerSec));
  }

  private static double mean(List<IterationResult> rs, ToDoubleFunction<IterationResult> f) {
    return rs.stream().mapToDouble(f).average().orElse(0);
  }

  /**
   * Records the run-wide figures {@code lost}, {@code duplicates} and {@code outOfOrder}.
   *
   * @return the messages lost in the run
   */
  static long totals(RunRecording recording, List<IterationResult> results) {
    long lost = results.stream().mapToLong(IterationResult::lost).sum();
    recording.figure("lost", lost);
    recording.figure("duplicates", results.stream().mapToLong(IterationResult::duplicates).sum());
    recording.figure("outOfOrder", results.stream().mapToLong(IterationResult::outOfOrder).sum());
    return lost;
  }

  /**
   * Records an iteration's delivery problems per receiving queue; if the run was {@code stopped},
   * what had not arrived counts as in flight, not lost.
   */
  static void deliveryProblems(
      RunRecording recording, List<DeliveryReport> reports, boolean stopped) {
    long inFlight = stopped ? reports.stream().mapToLong(DeliveryReport::lost).sum() : 0;
    if (inFlight > 0) {
      recording.problem(
          "in-flight",
          inFlight,
          inFlight + " messages were sent but not received when the run was stopped");
      recording.figure("inFlight", inFlight);
    }
    for (DeliveryReport r : reports) {
      if (r.lost() > 0 && !stopped) {
        recording.problem(
            "lost",
            r.lost(),
            r.queue() + ": " + r.lost() + " of " + r.expected() + " messages never arrived");
      }
      if (r.duplicates() > 0) {
        recording.problem(
            "duplicated", r.duplicates(), r.queue() + ": " + r.duplicates() + " duplicate copies");
      }
      if (r.outOfOrder() > 0) {
        recording.problem(
            "out-of-order",
            r.outOfOrder(),
            r.queue() + ": " + r.outOfOrder() + " messages came after a later one");
      }
      if (r.foreign() > 0) {
        recording.problem(
            "foreign", r.foreign(), r.queue() + ": " + r.foreign() + " messages not of this run");
      }
    }
  }
}
