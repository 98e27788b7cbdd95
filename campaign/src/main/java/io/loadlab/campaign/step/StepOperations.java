package io.loadlab.campaign.step;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.Manifest;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which operation a step's figures come from, chosen and never defaulted to whichever comes first
 * in a result: the step's own {@code operation:}, else its workload's primary operation ({@code
 * latency} for {@code amqp latency}, never a diagnostic such as {@code send-delay}). A figure may
 * also name another operation of the same run, {@code transit.meanUs} beside {@code
 * latency.meanUs}: the operation's name, a dot, one of the figures every operation has.
 */
public final class StepOperations {
  /**
   * The operation reported when a step names none, per workload that records several: {@code amqp
   * latency}'s coordinated-omission-corrected {@code latency} (its only operation without a rate),
   * {@code amqp throughput}'s {@code publish} (the side the rate is set on), {@code ds2 run}'s
   * {@code order} (a whole user session, DS2's own response time).
   */
  public static final Map<String, String> PRIMARY =
      Map.of("amqp latency", "latency", "amqp throughput", "publish", "ds2 run", "order");

  /** Each workload's operations, where they are known before it runs (none: the plan's). */
  public static final Map<String, List<String>> OPERATIONS =
      Map.of(
          "amqp latency", List.of("latency", "transit", "send-delay"),
          "amqp throughput", List.of("publish", "deliver"),
          "ds2 run",
              List.of("order", "login", "new customer", "browse", "purchase", "purchase rollback"),
          "jmeter run", List.of());

  /** Operations that explain another and are never reported by default. */
  public static final Set<String> DIAGNOSTIC = Set.of("send-delay");

  private StepOperations() {}

  /** The operation a step reports: its own, its workload's primary one, or null (its only one). */
  public static String reported(Campaign.Step s) {
    return s.operation() != null ? s.operation() : PRIMARY.get(s.command());
  }

  /**
   * True if the step's workload records several operations and neither the step nor the workload
   * says which one its figures are of (a JMeter plan's samplers).
   */
  public static boolean ambiguous(Campaign.Step s) {
    return s.operation() == null
        && OPERATIONS.containsKey(s.command())
        && !PRIMARY.containsKey(s.command());
  }

  /**
   * What a figure's header adds to name its operation: {@code , transit} for an operation figure of
   * a step that reports one of several; nothing for a figure that names its operation ({@code
   * latency.meanUs}) or is the workload's own ({@code transfersPerSec}).
   */
  public static String shown(Manifest.StepInfo s, String figure) {
    return s.operation != null && StepValidator.BASIC_FIGURES.contains(figure)
        ? ", " + s.operation
        : "";
  }

  /** The operation a figure names ({@code transit} of {@code transit.meanUs}), or null. */
  public static String qualifier(String figure) {
    int dot = figure == null ? -1 : figure.lastIndexOf('.');
    return dot < 0 ? null : figure.substring(0, dot);
  }

  /** The figure without its operation ({@code meanUs} of {@code transit.meanUs}). */
  public static String base(String figure) {
    int dot = figure == null ? -1 : figure.lastIndexOf('.');
    return dot < 0 ? figure : figure.substring(dot + 1);
  }

  /** The figures of {@code figures} that name an operation. */
  public static List<String> qualified(List<String> figures) {
    return figures.stream().filter(f -> qualifier(f) != null).toList();
  }
}
