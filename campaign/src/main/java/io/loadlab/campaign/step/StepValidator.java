package io.loadlab.campaign.step;

import static io.loadlab.campaign.file.ValidationProblems.NAME;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.CampaignSpec;
import io.loadlab.campaign.file.ClientPlacements;
import io.loadlab.campaign.file.Iterations;
import io.loadlab.campaign.file.IterationsField;
import io.loadlab.campaign.file.JmeterSteps;
import io.loadlab.campaign.file.PasswordFiles;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.Workloads;
import io.loadlab.provision.placement.Placement;
import io.loadlab.provision.testbed.Testbed;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks one entry of a campaign's {@code steps:}: its load command, options and the files they
 * name, sweep, iterations, the machines its clients run on and their placement (nice, numactl),
 * figures and best-over; then, through {@link StepPlacementValidator}, the step in each
 * configuration.
 */
public final class StepValidator {
  /** Headline figures every run has (of its step's operation). */
  public static final List<String> BASIC_FIGURES =
      List.of(
          "rate",
          "count",
          "errors",
          "bytesPerSec",
          "meanUs",
          "p50Us",
          "p90Us",
          "p99Us",
          "p999Us",
          "maxUs",
          "cpuUsPerOp",
          "cpuClientUsPerOp",
          "cpuServerUsPerOp",
          "cpuProcessUsPerOp",
          "cpuProcessUsPerMB");

  /**
   * The CPU time of a testbed's libvirt guests per operation (the campaign samples it around each
   * run of a step that lists one): their own, the host's for their domains, the difference, and the
   * host's for their vCPU threads alone.
   */
  public static final List<String> GUEST_CPU_FIGURES =
      List.of(
          "guestCpuUsPerOp", "hostDomainCpuUsPerOp", "hypervisorCpuUsPerOp", "hostVcpuCpuUsPerOp");

  private final ValidationProblems problems;
  private final Map<String, Testbed> testbeds;
  private final IterationsField iterationsField;
  private final StepFileOptions files;
  private final StepPlacementValidator placement;
  private final ClientPlacements placements;

  /**
   * @param testbeds the configurations' testbeds read, by configuration name
   * @param commandLines the check of a run's whole command line
   */
  public StepValidator(
      ValidationProblems problems, Map<String, Testbed> testbeds, CommandLineCheck commandLines) {
    this.problems = problems;
    this.testbeds = testbeds;
    this.iterationsField = new IterationsField(problems);
    this.files = new StepFileOptions(problems);
    this.placement = new StepPlacementValidator(problems, testbeds, commandLines);
    this.placements = new ClientPlacements(problems);
  }

  /** The step {@code s} (field {@code f}), or null if it cannot be read as one. */
  public Campaign.Step step(
      String f,
      CampaignSpec.StepSpec s,
      Iterations defaults,
      List<Campaign.Configuration> configs) {
    if (s == null) {
      problems.problem(f, "empty; give at least run, e.g. run: net rr");
      return null;
    }
    if (s.run() == null || s.run().isBlank()) {
      problems.problem(
          f + ".run", "missing; name the loadlab command, e.g. net rr or amqp latency");
      return null;
    }
    String command = String.join(" ", s.run().trim().split("\\s+"));
    OptionTable options = Workloads.installed().optionsOf(command);
    if (options == null || !Workloads.installed().command(command).runsLoad()) {
      problems.problem(
          f + ".run",
          "'"
              + Texts.cut(command)
              + "' is not a loadlab load command; use e.g. net rr, amqp"
              + " throughput, amqp latency or ds2 run (see loadlab --help)");
      return null;
    }
    String name = s.name() != null ? s.name() : command.substring(command.lastIndexOf(' ') + 1);
    if (!NAME.matcher(name).matches()) {
      problems.problem(
          f + ".name",
          "'" + Texts.cut(name) + "' must be 1-64 of letters, digits, '.', '_' and '-'");
    }
    Map<String, String> opts =
        files.localFiles(
            YamlOptions.optionMap(problems, f + ".options", command, options, s.options()),
            options);
    PasswordFiles.check(problems, f + ".options", opts, options, configs, problems::resolve);
    if (JmeterSteps.isJmeter(command)) {
      files.jmeterStep(f, s, opts, options);
    }
    StepCriteria.read(problems, f, s.criteria(), command, opts);
    LinkedHashMap<String, List<String>> sweep = sweep(f, s, command, options, opts);
    Iterations iterations = iterationsField.read(f + ".iterations", s.iterations(), defaults);
    List<Campaign.Client> clients = clients(f, s, command, options, configs);
    List<String> figures = figures(f, s, command);
    operation(f, s, command);
    checkBestOver(f, s);
    Campaign.Step step =
        new Campaign.Step(
            name, command, opts, sweep, iterations, clients, s.operation(), figures, s.bestOver());
    for (Campaign.Configuration c : configs) {
      placement.check(f, step, c);
    }
    return step;
  }

  /** The step's sweep: options of the command, not also in its options, each with its values. */
  private LinkedHashMap<String, List<String>> sweep(
      String f,
      CampaignSpec.StepSpec s,
      String command,
      OptionTable options,
      Map<String, String> opts) {
    LinkedHashMap<String, List<String>> sweep = new LinkedHashMap<>();
    s.sweep()
        .forEach(
            (key, values) -> {
              String k = f + ".sweep." + key;
              if (!YamlOptions.hasOption(options, key)) {
                problems.problem(
                    k,
                    command
                        + " has no option --"
                        + key
                        + "; sweep one of its options (see loadlab "
                        + command
                        + " --help)");
              } else if (YamlOptions.setByCampaign(options, key)) {
                problems.problem(k, "the campaign sets --" + key + " itself; sweep another option");
              } else if (opts.containsKey(key)) {
                problems.problem(k, "--" + key + " is also in options; give it in one place");
              } else if (!(values instanceof List<?> list) || list.isEmpty()) {
                problems.problem(k, "give a list of values, e.g. [8, 64, 1024]");
              } else {
                List<String> vs = new ArrayList<>();
                for (Object v : list) {
                  vs.add(problems.scalar(k, v));
                }
                if (new HashSet<>(vs).size() != vs.size()) {
                  problems.problem(k, "a value is listed twice; list each once");
                }
                sweep.put(key, vs);
              }
            });
    return sweep;
  }

  /** Where the step's load runs: {@code on} machines, or {@code clients} with their own options. */
  private List<Campaign.Client> clients(
      String f,
      CampaignSpec.StepSpec s,
      String command,
      OptionTable options,
      List<Campaign.Configuration> configs) {
    List<Campaign.Client> clients = new ArrayList<>();
    if (!s.on().isEmpty() && !s.clients().isEmpty()) {
      problems.problem(f + ".on", "give either on or clients, not both");
    }
    Placement stepPlacement = placements.step(f, s);
    boolean labs = configs.stream().anyMatch(c -> c.kind() == Campaign.Kind.LAB);
    for (String m : s.on()) {
      clients.add(new Campaign.Client(m, Map.of(), stepPlacement));
      if (labs) {
        placements.checkHere(stepPlacement, Placement.NONE, f, f);
      }
    }
    for (int i = 0; i < s.clients().size(); i++) {
      CampaignSpec.ClientSpec c = s.clients().get(i);
      String cf = f + ".clients[" + i + "]";
      if (c == null || c.on() == null) {
        problems.problem(cf + ".on", "missing; name the machine this client runs on");
        continue;
      }
      Map<String, String> opts =
          files.localFiles(
              YamlOptions.optionMap(problems, cf + ".options", command, options, c.options()),
              options);
      PasswordFiles.check(problems, cf + ".options", opts, options, configs, problems::resolve);
      Placement p = placements.client(cf, c, stepPlacement);
      clients.add(new Campaign.Client(c.on(), opts, p));
      if (labs) {
        placements.checkHere(p, new Placement(c.nice(), c.numaNode(), c.cpus()), f, cf);
      }
    }
    if (clients.isEmpty()) {
      clients.add(new Campaign.Client(null, Map.of(), stepPlacement));
      placements.checkHere(stepPlacement, Placement.NONE, f, f);
    }
    return clients;
  }

  private List<String> figures(String f, CampaignSpec.StepSpec s, String command) {
    List<String> figures = s.figures().isEmpty() ? List.of("rate", "p50Us", "p99Us") : s.figures();
    for (String fig : figures) {
      String other = StepOperations.qualifier(fig);
      if (fig != null && other != null) {
        List<String> known = StepOperations.OPERATIONS.getOrDefault(command, List.of());
        if (!BASIC_FIGURES.contains(StepOperations.base(fig))) {
          problems.problem(
              f + ".figures",
              "'"
                  + Texts.cut(fig)
                  + "' names an operation's figure that no operation has; after the dot use one"
                  + " of "
                  + BASIC_FIGURES);
        } else if (known.isEmpty()
            ? !other.matches("[A-Za-z][A-Za-z0-9 _-]*")
            : !known.contains(other)) {
          problems.problem(
              f + ".figures",
              "'"
                  + Texts.cut(fig)
                  + "' names no operation of "
                  + command
                  + (known.isEmpty() ? "" : "; use one of " + known));
        }
      } else if (GUEST_CPU_FIGURES.contains(fig)
          && testbeds.values().stream().allMatch(t -> t == null || t.guests().isEmpty())) {
        problems.problem(
            f + ".figures",
            "'"
                + fig
                + "' is the CPU time of a testbed's libvirt guests, and no configuration's testbed"
                + " has guests; remove it, or add a configuration whose testbed has guests");
      } else if (fig == null || !fig.matches("[A-Za-z][A-Za-z0-9]*")) {
        problems.problem(
            f + ".figures",
            "'"
                + Texts.cut(fig)
                + "' is not a figure; use "
                + BASIC_FIGURES
                + " or a workload figure such as opm or transfersPerSec");
      }
    }
    return figures;
  }

  /** An {@code operation:} names one the workload records, where they are known. */
  private void operation(String f, CampaignSpec.StepSpec s, String command) {
    List<String> known = StepOperations.OPERATIONS.getOrDefault(command, List.of());
    String op = s.operation();
    if (op != null
        && !known.isEmpty()
        && known.stream().noneMatch(k -> op.equals(k) || op.startsWith(k + " "))) {
      problems.problem(
          f + ".operation",
          "'"
              + Texts.cut(s.operation())
              + "' is no operation of "
              + command
              + "; use one of "
              + known);
    }
  }

  /** best-over names options of the step's sweep, each once. */
  private void checkBestOver(String f, CampaignSpec.StepSpec s) {
    for (int i = 0; i < s.bestOver().size(); i++) {
      String b = s.bestOver().get(i);
      if (b == null || !s.sweep().containsKey(b)) {
        problems.problem(
            f + ".best-over[" + i + "]",
            "'"
                + Texts.cut(b)
                + "' is not swept in this step; name options of its sweep "
                + s.sweep().keySet());
      }
    }
    if (!s.bestOver().isEmpty() && new HashSet<>(s.bestOver()).size() != s.bestOver().size()) {
      problems.problem(f + ".best-over", "an option is listed twice; list each once");
    }
  }
}
