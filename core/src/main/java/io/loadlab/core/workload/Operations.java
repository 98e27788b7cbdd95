package io.loadlab.core.workload;

import java.util.List;
import java.util.Set;

/**
 * The operations a command's runs record, as far as they are known before it runs: which ones, the
 * one a figure is of when a campaign step names none (its primary), and the ones that only explain
 * another and are never reported by default (diagnostic, such as {@code send-delay}).
 *
 * @param several true if its runs record several operations (then a step should say which one,
 *     unless there is a primary)
 * @param known the operations, where they are known before it runs; empty when they are not (one
 *     operation, or a JMeter plan's samplers)
 * @param primary the operation reported by default, or null
 * @param diagnostic the operations never reported by default
 */
public record Operations(
    boolean several, List<String> known, String primary, Set<String> diagnostic) {
  /** One operation (the default): nothing to choose. */
  public static final Operations ONE = new Operations(false, List.of(), null, Set.of());

  /** Several operations, known only once it runs (a plan's samplers): none is primary. */
  public static final Operations UNKNOWN = new Operations(true, List.of(), null, Set.of());

  public Operations {
    known = List.copyOf(known);
    diagnostic = Set.copyOf(diagnostic);
  }

  /** Several operations known beforehand, {@code primary} first among them by default. */
  public static Operations of(String primary, List<String> known, String... diagnostic) {
    return new Operations(true, known, primary, Set.of(diagnostic));
  }
}
