package io.loadlab.core.live;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Secrets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The labels that name a run in live outputs: its workload, and what the user or a campaign adds
 * (campaign, configuration, step, point, machine). Values are masked like command lines, so a
 * secret never reaches a label.
 */
public final class LiveLabels {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,40}");

  /** Names the outputs use themselves: a user's label may not take them. */
  private static final Set<String> RESERVED =
      Set.of("workload", "operation", "percentile", "le", "quantile", "job", "instance");

  private final Map<String, String> labels;

  private LiveLabels(Map<String, String> labels) {
    this.labels = Collections.unmodifiableMap(labels);
  }

  /**
   * The labels of a run of {@code workload} with {@code extra} added.
   *
   * @param option the option the extra labels came from, named in a usage error
   * @throws UsageException if an extra label's name is not a lower-case name or is reserved
   */
  public static LiveLabels of(String workload, Map<String, String> extra, String option) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("workload", workload);
    for (Map.Entry<String, String> e : extra.entrySet()) {
      String name = e.getKey();
      if (!NAME.matcher(name).matches() || RESERVED.contains(name)) {
        throw new UsageException(
            option
                + ": label name '"
                + Secrets.mask(name)
                + "' is not allowed; use lower-case letters, digits and '_' (e.g. campaign,"
                + " configuration, step, point, machine), none of "
                + String.join(", ", RESERVED.stream().sorted().toList()));
      }
      all.put(name, Secrets.mask(e.getValue() == null ? "" : e.getValue()));
    }
    return new LiveLabels(all);
  }

  /** Label names and values in order, workload first. */
  public Map<String, String> asMap() {
    return labels;
  }

  /** The workload label's value. */
  public String workload() {
    return labels.get("workload");
  }
}
