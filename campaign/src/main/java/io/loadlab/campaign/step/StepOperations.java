package io.loadlab.campaign.step;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.core.workload.Operations;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import java.util.LinkedHashMap;
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
   * The operation reported when a step names none, per workload command that records several and
   * says which (its descriptor's primary operation, such as {@code amqp latency}'s {@code
   * latency}).
   */
  public static final Map<String, String> PRIMARY;

  /**
   * Each workload command's operations, where it records several (empty where they are known only
   * once it runs, such as a JMeter plan's samplers).
   */
  public static final Map<String, List<String>> OPERATIONS;

  /** Operations that explain another and are never reported by default. */
  public static final Set<String> DIAGNOSTIC = Workloads.installed().diagnosticOperations();

  static {
    Map<String, String> primary = new LinkedHashMap<>();
    Map<String, List<String>> operations = new LinkedHashMap<>();
    for (WorkloadCommand c : Workloads.installed().commands()) {
      Operations o = c.operations();
      if (o.several()) {
        operations.put(c.words(), o.known());
      }
      if (o.primary() != null) {
        primary.put(c.words(), o.primary());
      }
    }
    PRIMARY = Map.copyOf(primary);
    OPERATIONS = Map.copyOf(operations);
  }

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
