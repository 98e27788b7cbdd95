package io.loadlab.campaign.step;

import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A step's {@code criteria:} (a string, or a list of them): checked against the step's command
 * before anything runs and passed to each of its runs as {@code --criteria}.
 */
final class StepCriteria {
  private StepCriteria() {}

  /**
   * Checks the step's criteria (field {@code f.criteria}) and puts them into its options {@code
   * opts} as {@code criteria}, commas between them.
   */
  static void read(
      ValidationProblems problems,
      String f,
      Object criteria,
      String command,
      Map<String, String> opts) {
    if (criteria == null) {
      return;
    }
    String field = f + ".criteria";
    List<String> texts = new ArrayList<>();
    if (criteria instanceof List<?> list) {
      list.forEach(v -> texts.add(problems.scalar(field, v)));
    } else {
      texts.add(problems.scalar(field, criteria));
    }
    if (opts.containsKey("criteria")) {
      problems.problem(field, "--criteria is also in options; give the criteria in one place");
      return;
    }
    String joined = String.join(",", texts);
    if (!joined.contains("${")) {
      // With ${vars}, the runs' own checks (per configuration) see them filled in.
      try {
        Criteria.parse(field, List.of(joined), figures(command));
      } catch (UsageException e) {
        problems.problem(field, e.getMessage().substring(field.length() + 2));
        return;
      }
    }
    opts.put("criteria", joined);
  }

  /** The workload figures criteria may name for {@code command}; none if it is unknown. */
  private static List<String> figures(String command) {
    WorkloadCommand c = Workloads.installed().command(command);
    return c == null ? List.of() : c.figures();
  }
}
