package io.loadlab.campaign.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The phases of a testbed with guests ({@link Manifest.ConfigurationTime#phases}): their keys in
 * the order they happen, the names reports show, and the one line the progress and the plan print.
 */
public final class GuestLabPhases {
  /** The keys of the phases, in the order they happen. */
  public static final List<String> PHASES =
      List.of("apply", "bootToSsh", "install", "servicesReady", "runs", "teardown");

  /** The phases' names as reports show them, by their keys. */
  public static final Map<String, String> PHASE_LABELS =
      Map.of(
          "apply", "apply",
          "bootToSsh", "boot to SSH",
          "install", "install",
          "servicesReady", "services ready",
          "runs", "runs",
          "teardown", "teardown");

  private GuestLabPhases() {}

  /**
   * {@code phases} as one line: {@code apply 3.1 s, boot to SSH 40.2 s, ...}, in the order they
   * happen ({@link #PHASES}) whatever the file's order, any other key after them.
   */
  public static String describe(Map<String, Double> phases) {
    StringBuilder sb = new StringBuilder();
    Map<String, Double> ordered = new LinkedHashMap<>();
    PHASES.stream().filter(phases::containsKey).forEach(k -> ordered.put(k, phases.get(k)));
    ordered.putAll(phases);
    ordered.forEach(
        (k, v) ->
            sb.append(sb.length() == 0 ? "" : ", ")
                .append(PHASE_LABELS.getOrDefault(k, k))
                .append(' ')
                .append(String.format(Locale.ROOT, "%.1f s", v)));
    return sb.toString();
  }
}
