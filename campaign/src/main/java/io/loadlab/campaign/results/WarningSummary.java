package io.loadlab.campaign.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One distinct warning of a campaign and the runs that gave it, so that a report says it once
 * ({@code load generator saturated in 40 of 45 runs (host CPU 100% on the 2 CPUs it may use)})
 * rather than once per client per run. A warning is told apart by its head, the text before its
 * first {@code ": "} ({@code load generator saturated}); its details (the figures after it) are
 * kept per run.
 *
 * @param head the warning's head
 * @param details its distinct details, in the order the runs gave them
 * @param runs each run that gave it, by id, with its messages (client prefix kept)
 */
public record WarningSummary(String head, List<String> details, Map<String, List<String>> runs) {
  /** The warnings of these runs, grouped by head in the order they first came. */
  public static List<WarningSummary> of(List<Manifest.RunEntry> runs) {
    Map<String, Set<String>> details = new LinkedHashMap<>();
    Map<String, Map<String, List<String>>> byRun = new LinkedHashMap<>();
    for (Manifest.RunEntry r : runs) {
      if (r.warnings == null) {
        continue;
      }
      for (String w : r.warnings) {
        String message = w.replaceFirst("^client [0-9]+: ", "");
        int colon = message.indexOf(": ");
        String head = colon < 0 ? message : message.substring(0, colon);
        Set<String> d = details.computeIfAbsent(head, k -> new LinkedHashSet<>());
        if (colon >= 0) {
          d.add(detail(message.substring(colon + 2)));
        }
        byRun
            .computeIfAbsent(head, k -> new LinkedHashMap<>())
            .computeIfAbsent(r.id, k -> new ArrayList<>())
            .add(w);
      }
    }
    List<WarningSummary> out = new ArrayList<>();
    byRun.forEach(
        (head, r) -> out.add(new WarningSummary(head, List.copyOf(details.get(head)), r)));
    return out;
  }

  /** The part of a detail that is figures: up to its first {@code ;} (the rest is advice). */
  private static String detail(String text) {
    int semi = text.indexOf(';');
    return (semi < 0 ? text : text.substring(0, semi)).strip();
  }

  /** Its class on the page: the head in lower case with dashes. */
  String kind() {
    return head.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
  }

  /**
   * The line: head, runs counted out of {@code finished}, and the details (one, or the first and
   * how many others).
   */
  String line(int finished) {
    StringBuilder sb =
        new StringBuilder(head)
            .append(" in ")
            .append(runs.size())
            .append(" of ")
            .append(finished)
            .append(finished == 1 ? " run" : " runs");
    if (details.size() == 1) {
      sb.append(" (").append(details.get(0)).append(')');
    } else if (details.size() > 1) {
      sb.append(" (e.g. ")
          .append(details.get(0))
          .append("; ")
          .append(details.size() - 1)
          .append(details.size() == 2 ? " other reading)" : " other readings)");
    }
    return sb.toString();
  }
}
