package io.loadlab.campaign.step;

import static io.loadlab.campaign.file.ValidationProblems.NAME;
import static io.loadlab.campaign.file.ValidationProblems.firstLine;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.CampaignSpec;
import io.loadlab.campaign.file.CampaignVars;
import io.loadlab.campaign.file.JmeterSteps;
import io.loadlab.campaign.file.PasswordFiles;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.Workloads;
import io.loadlab.provision.lab.Lab;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a campaign's {@code configurations:}: names, the testbed or lab file each one brings up
 * (read here, so its machines are known to the steps), and the services and setup commands started
 * in it, whose options are checked as {@code loadlab <command>} would check them.
 */
public final class ConfigurationValidator {
  private final ValidationProblems problems;
  private final CommandLineCheck commandLines;
  private final Map<String, Testbed> testbeds = new LinkedHashMap<>();

  /**
   * @param commandLines the check of a service's whole command line
   */
  public ConfigurationValidator(ValidationProblems problems, CommandLineCheck commandLines) {
    this.problems = problems;
    this.commandLines = commandLines;
  }

  /** The testbeds read, by configuration name (those that could be read). */
  public Map<String, Testbed> testbeds() {
    return testbeds;
  }

  /** The configurations of {@code spec}; without any, the one configuration "here". */
  public List<Campaign.Configuration> configurations(CampaignSpec spec) {
    List<Campaign.Configuration> out = new ArrayList<>();
    if (spec.configurations().isEmpty()) {
      out.add(
          new Campaign.Configuration(
              "here", Campaign.Kind.NONE, null, true, Map.of(), null, Set.of(), List.of()));
      return out;
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < spec.configurations().size(); i++) {
      CampaignSpec.ConfigurationSpec c = spec.configurations().get(i);
      String f = "configurations[" + i + "]";
      if (c == null) {
        problems.problem(f, "empty; give at least a name");
        continue;
      }
      if (c.name() == null || !NAME.matcher(c.name()).matches()) {
        problems.problem(
            f + ".name",
            (c.name() == null ? "missing" : "'" + Texts.cut(c.name()) + "' is not a name")
                + "; use 1-64 of letters, digits, '.', '_' and '-', e.g. bridged");
        continue;
      }
      if (!names.add(c.name())) {
        problems.problem(
            f + ".name",
            "'" + Texts.cut(c.name()) + "' is used twice; give each configuration its own name");
      }
      Map<String, String> vars = new LinkedHashMap<>();
      c.vars().forEach((k, v) -> vars.put(k, problems.scalar(f + ".vars." + k, v)));
      boolean keep = Boolean.TRUE.equals(c.keep());
      if (c.testbed() != null && c.lab() != null) {
        problems.problem(
            f, "has both testbed and lab; give one of them (or neither for this machine)");
      } else if (c.testbed() != null) {
        out.add(withServices(f, c, testbed(f, c, keep, vars)));
        continue;
      } else if (c.lab() != null) {
        out.add(withServices(f, c, lab(f, c, keep, vars)));
        continue;
      }
      out.add(
          withServices(
              f,
              c,
              new Campaign.Configuration(
                  c.name(), Campaign.Kind.NONE, null, true, vars, null, Set.of(), List.of())));
    }
    return out;
  }

  private Campaign.Configuration testbed(
      String f, CampaignSpec.ConfigurationSpec c, boolean keep, Map<String, String> vars) {
    Path tb = problems.resolve(c.testbed());
    Set<String> machines = new LinkedHashSet<>();
    Map<String, String> jmeterServers = Map.of();
    try {
      Testbed t = TestbedFile.read(tb);
      testbeds.put(c.name(), t);
      machines.addAll(t.hosts().keySet());
      machines.addAll(t.guests().keySet());
      jmeterServers = JmeterSteps.servers(t, tb);
    } catch (UsageException e) {
      problems.problem(f + ".testbed", firstLine(e.getMessage()));
    }
    return new Campaign.Configuration(
        c.name(), Campaign.Kind.TESTBED, tb, keep, vars, null, machines, List.of(), jmeterServers);
  }

  private Campaign.Configuration lab(
      String f, CampaignSpec.ConfigurationSpec c, boolean keep, Map<String, String> vars) {
    Path lf = problems.resolve(c.lab());
    String labName = null;
    Set<String> machines = new LinkedHashSet<>();
    try {
      Lab lab = LabFile.read(lf);
      labName = lab.name();
      machines.addAll(lab.hosts().keySet());
      LabNetwork.requireSshTools(lab);
    } catch (UsageException e) {
      problems.problem(f + ".lab", firstLine(e.getMessage()));
    }
    return new Campaign.Configuration(
        c.name(), Campaign.Kind.LAB, lf, keep, vars, labName, machines, List.of());
  }

  /** {@code c} with the services and setup commands {@code spec} starts in it, checked. */
  private Campaign.Configuration withServices(
      String f, CampaignSpec.ConfigurationSpec spec, Campaign.Configuration c) {
    List<Campaign.Service> services = new ArrayList<>();
    int nServices = spec.services().size();
    for (int i = 0; i < nServices + spec.setup().size(); i++) {
      boolean setup = i >= nServices;
      CampaignSpec.ServiceSpec s = setup ? spec.setup().get(i - nServices) : spec.services().get(i);
      String sf = f + (setup ? ".setup[" + (i - nServices) + "]" : ".services[" + i + "]");
      Campaign.Service service = service(sf, setup, s, c);
      if (service != null) {
        services.add(service);
      }
    }
    return new Campaign.Configuration(
        c.name(),
        c.kind(),
        c.file(),
        c.keep(),
        c.vars(),
        c.labName(),
        c.machines(),
        services,
        c.jmeterServers());
  }

  /** One service or setup command of configuration {@code c}, or null if it has a problem. */
  private Campaign.Service service(
      String sf, boolean setup, CampaignSpec.ServiceSpec s, Campaign.Configuration c) {
    if (setup && s != null && s.readyPort() != null) {
      problems.problem(sf + ".ready-port", "setup commands run to their end; remove ready-port");
    }
    if (s == null || s.run() == null || s.run().isBlank()) {
      problems.problem(
          sf + ".run", "missing; name the loadlab server command, e.g. net serve or broker");
      return null;
    }
    String command = String.join(" ", s.run().trim().split("\\s+"));
    OptionTable options = Workloads.installed().optionsOf(command);
    if (options == null) {
      problems.problem(
          sf + ".run",
          "'" + Texts.cut(command) + "' is not a loadlab command; use e.g. net serve or broker");
      return null;
    }
    if (s.readyPort() != null && (s.readyPort() < 1 || s.readyPort() > 65535)) {
      problems.problem(sf + ".ready-port", s.readyPort() + " is not a port; use 1-65535");
    }
    java.time.Duration readyTimeout = null;
    if (s.readyTimeout() != null) {
      if (setup || s.readyPort() == null) {
        problems.problem(
            sf + ".ready-timeout", "applies to a service with a ready-port; remove it or add one");
      }
      try {
        readyTimeout = Durations.parse(sf + ".ready-timeout", s.readyTimeout());
        if (readyTimeout.isZero()) {
          problems.problem(sf + ".ready-timeout", "must be more than 0, e.g. 5m");
        }
      } catch (UsageException e) {
        problems.problem(
            sf + ".ready-timeout", "'" + s.readyTimeout() + "' is not a time; e.g. 5m");
      }
    }
    checkOn(sf, s.on(), c);
    Map<String, String> opts =
        YamlOptions.optionMap(problems, sf + ".options", command, options, s.options());
    // A service runs in the campaign's working directory: its files are opened from there.
    PasswordFiles.check(
        problems, sf + ".options", opts, options, List.of(c), v -> Path.of(v).toAbsolutePath());
    List<String> args = new ArrayList<>(List.of(command.split(" ")));
    try {
      opts.forEach(
          (k, v) -> {
            args.add("--" + k);
            if (!v.isEmpty()) {
              args.add(CampaignVars.substitute(v, c));
            }
          });
      commandLines.check(args);
    } catch (UsageException e) {
      problems.problem(
          sf + ".options", "loadlab " + command + " refuses it: " + firstLine(e.getMessage()));
      return null;
    }
    return new Campaign.Service(
        s.on(),
        args,
        setup ? Campaign.Service.TO_COMPLETION : s.readyPort() == null ? 0 : s.readyPort(),
        readyTimeout);
  }

  /** A service's {@code on}: a lab host of its configuration (testbeds start theirs by role). */
  private void checkOn(String sf, String on, Campaign.Configuration c) {
    if (on != null && c.kind() == Campaign.Kind.NONE) {
      problems.problem(
          sf + ".on",
          "'"
              + Texts.cut(on)
              + "': configuration "
              + c.name()
              + " has no testbed or lab;"
              + " remove on to start it here");
    } else if (on != null && !c.machines().isEmpty() && !c.machines().contains(on)) {
      problems.problem(
          sf + ".on",
          "'"
              + Texts.cut(on)
              + "' is not a machine of configuration "
              + c.name()
              + "; use one of "
              + c.machines());
    } else if (on != null && c.kind() == Campaign.Kind.TESTBED) {
      problems.problem(
          sf + ".on",
          "'"
              + Texts.cut(on)
              + "': testbed machines start servers through the"
              + " testbed's roles; give this one as a role in the testbed file");
    }
  }
}
