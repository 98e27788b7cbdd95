package io.loadlab.campaign.check;

import static io.loadlab.campaign.file.ValidationProblems.NAME;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.CampaignSpec;
import io.loadlab.campaign.file.Iterations;
import io.loadlab.campaign.file.IterationsField;
import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.file.ReportRule;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.campaign.layout.LayoutValidator;
import io.loadlab.campaign.step.CommandLineCheck;
import io.loadlab.campaign.step.ConfigurationValidator;
import io.loadlab.campaign.step.StepPlacementValidator;
import io.loadlab.campaign.step.StepValidator;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.YamlFiles;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a campaign file and checks all of it before anything runs. Every problem is one line naming
 * the file, the field and the fix; all of them are reported together as one {@link UsageException}.
 * Step options are checked by their workloads' descriptions and by the command line's own parsing
 * and checks (a {@link CommandLineCheck}, given by the reader) for every configuration and sweep
 * point, so a campaign refuses exactly what {@code loadlab <command>} would.
 *
 * <p>This class checks the campaign-wide fields; {@link ConfigurationValidator} the configurations
 * and their services, {@link StepValidator} the steps (and, per configuration, {@link
 * StepPlacementValidator}); {@link LayoutValidator} the report's layout (attributes and tables);
 * {@link TestbedChecks} what the testbeds need, as {@code provision plan} checks it.
 */
public final class CampaignValidator {
  private final Path file;
  private final ValidationProblems problems;
  private final CommandLineCheck commandLines;
  private Map<Path, Testbed> testbeds = Map.of();

  private CampaignValidator(Path file, CommandLineCheck commandLines) {
    this.file = file;
    this.problems = new ValidationProblems(file);
    this.commandLines = commandLines;
  }

  /**
   * Reads and checks {@code file}, and the files its testbeds name as {@code provision apply} would
   * (keys, host keys, tarballs), each step's and service's whole command line by {@code
   * commandLines}; throws a {@link UsageException} listing every problem.
   */
  public static Campaign read(Path file, CommandLineCheck commandLines) {
    return read(file, false, null, commandLines);
  }

  /**
   * As {@link #read(Path, CommandLineCheck)} for {@code campaign plan}: with {@code tryNetwork},
   * also tries whether each testbed host answers on its SSH port; without ({@code --offline}), says
   * on {@code err} which hosts it did not try.
   */
  public static Campaign read(
      Path file, boolean tryNetwork, PrintStream err, CommandLineCheck commandLines) {
    CampaignSpec spec = YamlFiles.read(file, CampaignSpec.class);
    CampaignValidator v = new CampaignValidator(file, commandLines);
    Campaign c = v.check(spec);
    if (tryNetwork) {
      TestbedChecks.network(v.testbeds).forEach(v.problems::inOtherFile);
    } else if (err != null) {
      TestbedChecks.sayOffline(v.testbeds, err);
    }
    // What provision plan checks against the hosts, for each testbed whose files passed.
    TestbedChecks.hosts(v.testbeds, tryNetwork, v.problems::mentions)
        .forEach(v.problems::inOtherFile);
    v.problems.throwIfAny();
    return c;
  }

  private Campaign check(CampaignSpec spec) {
    String name = spec.name();
    if (name == null || name.isBlank()) {
      problems.problem("name", "missing; give the campaign a short name, e.g. amqp-sriov");
    } else if (!NAME.matcher(name).matches()) {
      problems.problem(
          "name", "'" + Texts.cut(name) + "' must be 1-64 of letters, digits, '.', '_' and '-'");
    }
    Iterations iterations =
        new IterationsField(problems).read("iterations", spec.iterations(), Iterations.fixed(3));
    ReportRule rule = ReportRule.MEDIAN_STDDEV;
    if (spec.report() != null) {
      rule = ReportRule.parse(spec.report());
      if (rule == null) {
        problems.problem(
            "report",
            "'"
                + Texts.cut(spec.report())
                + "' is unknown; use median-stddev, median, best or all");
      }
    }
    boolean stop = false;
    if (spec.onFailure() != null) {
      switch (spec.onFailure().trim().toLowerCase(Locale.ROOT)) {
        case "stop" -> stop = true;
        case "continue" -> stop = false;
        default ->
            problems.problem(
                "on-failure",
                "'" + Texts.cut(spec.onFailure()) + "' is unknown; use continue or stop");
      }
    }
    ConfigurationValidator configurationValidator =
        new ConfigurationValidator(problems, commandLines);
    List<Campaign.Configuration> configurations = configurationValidator.configurations(spec);
    String baseline = baseline(spec, configurations);
    List<Campaign.Step> steps = new ArrayList<>();
    if (spec.steps().isEmpty()) {
      problems.problem(
          "steps", "none; give at least one step, e.g. {run: net rr, options: {duration: 10s}}");
    }
    StepValidator stepValidator =
        new StepValidator(problems, configurationValidator.testbeds(), commandLines);
    Set<String> stepNames = new HashSet<>();
    for (int i = 0; i < spec.steps().size(); i++) {
      Campaign.Step s =
          stepValidator.step("steps[" + i + "]", spec.steps().get(i), iterations, configurations);
      if (s != null) {
        if (!stepNames.add(s.name())) {
          problems.problem(
              "steps[" + i + "].name",
              "'" + Texts.cut(s.name()) + "' is used twice; give each step its own name");
        }
        steps.add(s);
      }
    }
    LayoutValidator layout = new LayoutValidator(problems);
    Map<String, Map<String, String>> attributes = layout.attributes(spec);
    List<LayoutTable> tables = layout.tables(spec, attributes, configurations, steps);
    testbeds = TestbedChecks.byFile(configurations, configurationValidator.testbeds());
    TestbedChecks.local(testbeds).forEach(problems::inOtherFile);
    return new Campaign(
        file.toAbsolutePath(),
        name,
        spec.description(),
        iterations,
        rule,
        stop,
        baseline,
        configurations,
        steps,
        attributes,
        tables);
  }

  /** The configuration the others are compared with: the first, unless baseline names one. */
  private String baseline(CampaignSpec spec, List<Campaign.Configuration> configurations) {
    String baseline = configurations.isEmpty() ? null : configurations.get(0).name();
    if (spec.baseline() != null) {
      baseline = spec.baseline();
      Set<String> names = new LinkedHashSet<>();
      configurations.forEach(c -> names.add(c.name()));
      if (!names.contains(baseline) && !configurations.isEmpty()) {
        problems.problem(
            "baseline",
            "'" + Texts.cut(baseline) + "' is not a configuration; use one of " + names);
      }
    }
    return baseline;
  }
}
