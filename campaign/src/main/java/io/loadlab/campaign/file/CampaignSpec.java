package io.loadlab.campaign.file;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A campaign file as written (YAML, kebab-case): configurations × steps × sweep points ×
 * iterations. {@link CampaignValidator} checks it and turns it into a {@link Campaign}.
 *
 * @param name short name, used for the default output directory and in reports
 * @param description free text, copied into the report
 * @param iterations a number, or {@code {min, max, until-cv}} for adaptive iterations
 * @param report the reported-run rule: {@code median-stddev} (default), {@code median}, {@code
 *     best} or {@code all}
 * @param onFailure {@code continue} (default) or {@code stop}
 * @param baseline the configuration ratios are taken to (default: the first)
 * @param configurations what each configuration brings up
 * @param steps the workloads run in every configuration
 * @param tables the report's own tables, first in report.md and report.html (optional; see {@link
 *     TableSpec})
 */
public record CampaignSpec(
    String name,
    String description,
    Object iterations,
    String report,
    String onFailure,
    String baseline,
    List<ConfigurationSpec> configurations,
    List<StepSpec> steps,
    List<TableSpec> tables) {
  public CampaignSpec {
    configurations = configurations == null ? List.of() : List.copyOf(configurations);
    steps = steps == null ? List.of() : List.copyOf(steps);
    tables = tables == null ? List.of() : List.copyOf(tables);
  }

  /**
   * One configuration: a testbed file (provision apply, teardown after unless {@code keep}), a lab
   * file (lab up, lab down after unless {@code keep}), or neither (this machine as it is).
   *
   * @param vars values steps refer to as {@code ${name}}, such as each configuration's broker
   * @param services loadlab servers started after bring-up and stopped before bring-down
   * @param setup loadlab commands run to their end once the services are ready (e.g. {@code ds2
   *     load} into a database service)
   * @param attributes what sets this configuration apart, such as {@code {method: SR-IOV, MTU:
   *     9000}}: one value each, shown in reports and usable as factors of {@code tables}
   */
  public record ConfigurationSpec(
      String name,
      String testbed,
      String lab,
      Boolean keep,
      Map<String, Object> vars,
      List<ServiceSpec> services,
      List<ServiceSpec> setup,
      Map<String, Object> attributes) {
    public ConfigurationSpec {
      vars = vars == null ? Map.of() : new LinkedHashMap<>(vars);
      attributes = attributes == null ? Map.of() : new LinkedHashMap<>(attributes);
      services = services == null ? List.of() : List.copyOf(services);
      setup = setup == null ? List.of() : List.copyOf(setup);
    }
  }

  /**
   * A server a configuration needs for its runs, such as {@code net serve} or {@code broker} in a
   * lab host: started when the configuration is up, ready when {@code ready-port} listens and the
   * server said so, within {@code ready-timeout} (default 5 minutes).
   */
  public record ServiceSpec(
      String on, String run, Map<String, Object> options, Integer readyPort, String readyTimeout) {
    public ServiceSpec {
      options = options == null ? Map.of() : new LinkedHashMap<>(options);
    }
  }

  /**
   * One step: a loadlab workload command with its options, swept over some of them.
   *
   * @param name short name (default: the command's last word)
   * @param run the command, such as {@code net rr} or {@code amqp latency}
   * @param options option name (without {@code --}) to value; {@code true} for a flag
   * @param sweep option name to the list of values to run, one run per combination
   * @param iterations overrides the campaign's
   * @param on machines of the configuration's testbed or lab to run on (default: here)
   * @param clients several clients at once, each on a machine with its own options
   * @param operation which operation's figures are the step's (default: the first one)
   * @param figures headline figures to tabulate; the first decides the reported run (default {@code
   *     [rate, p50Us, p99Us]})
   * @param bestOver swept options the report takes the best over (seed 003: the best over
   *     publishers and queues for each size)
   * @param criteria pass/fail criteria of every run of the step (a string, commas between criteria,
   *     or a list), passed to each run as {@code --criteria}
   * @param nice run each client's command under {@code nice -n} with this niceness (-20 to 19)
   * @param numaNode run each client's command under {@code numactl --cpunodebind --membind}
   * @param cpus run each client's command under {@code numactl --physcpubind}, e.g. {@code 0-3}
   */
  public record StepSpec(
      String name,
      String run,
      Map<String, Object> options,
      Map<String, Object> sweep,
      Object iterations,
      List<String> on,
      List<ClientSpec> clients,
      String operation,
      List<String> figures,
      List<String> bestOver,
      Object criteria,
      Integer nice,
      Integer numaNode,
      String cpus) {
    public StepSpec {
      bestOver = bestOver == null ? List.of() : List.copyOf(bestOver);
      options = options == null ? Map.of() : new LinkedHashMap<>(options);
      sweep = sweep == null ? Map.of() : new LinkedHashMap<>(sweep);
      on = on == null ? List.of() : List.copyOf(on);
      clients = clients == null ? List.of() : List.copyOf(clients);
      figures = figures == null ? List.of() : List.copyOf(figures);
    }
  }

  /**
   * One of several clients of a step: the machine it runs on, options that differ, and its own
   * {@code nice}, {@code numa-node} and {@code cpus} over the step's.
   */
  public record ClientSpec(
      String on, Map<String, Object> options, Integer nice, Integer numaNode, String cpus) {
    public ClientSpec {
      options = options == null ? Map.of() : new LinkedHashMap<>(options);
    }
  }

  /**
   * One table of the report's own layout, as a lab report has it: rows and columns are factors
   * (configuration attributes, swept options, {@code configuration}, {@code client}), each value a
   * figure of a step in a unit, by a statistic over each cell's iterations. Checked by {@code
   * LayoutValidator}; documented in docs/campaigns.md.
   *
   * @param rows one factor or a list
   * @param columns one factor, a list, or nothing
   * @param where factor to the one value the table keeps
   * @param statistic reported (default), mean, median, min, max or best
   * @param chart bars, lines or none (default: lines over a numeric swept row factor, else bars)
   * @param labels a factor value as the report prints it ({@code client 1}, {@code total}, {@code
   *     tcp}) to the text shown instead ({@code Client 1}, {@code Total OPM}, {@code TCP})
   */
  public record TableSpec(
      String title,
      String caption,
      Object rows,
      String rowLabel,
      Object columns,
      Map<String, Object> where,
      String statistic,
      String chart,
      List<TableValueSpec> values,
      Map<String, Object> labels,
      String valuesIn) {
    public TableSpec {
      where = where == null ? Map.of() : new LinkedHashMap<>(where);
      labels = labels == null ? Map.of() : new LinkedHashMap<>(labels);
      values = values == null ? List.of() : new java.util.ArrayList<>(values);
    }
  }

  /**
   * One value of a table: a step's figure, in a unit (default: the figure's own), labelled, by a
   * statistic (default: the table's).
   */
  public record TableValueSpec(
      String step, String figure, String unit, String label, String statistic) {}
}
