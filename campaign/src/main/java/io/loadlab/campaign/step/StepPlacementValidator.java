package io.loadlab.campaign.step;

import static io.loadlab.campaign.file.ValidationProblems.firstLine;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.CampaignVars;
import io.loadlab.campaign.file.JmeterSteps;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import io.loadlab.provision.testbed.Testbed;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a step against each configuration it runs in: the machines it names are machines of that
 * configuration's testbed or lab (and get a loadlab there), and its command line, with that
 * configuration's vars filled in, passes the command's own checks at every sweep point.
 */
public final class StepPlacementValidator {
  private final ValidationProblems problems;
  private final Map<String, Testbed> testbeds;
  private final CommandLineCheck commandLines;

  /**
   * @param testbeds the testbeds read, by configuration name
   * @param commandLines the check of a run's whole command line
   */
  StepPlacementValidator(
      ValidationProblems problems, Map<String, Testbed> testbeds, CommandLineCheck commandLines) {
    this.problems = problems;
    this.testbeds = testbeds;
    this.commandLines = commandLines;
  }

  /** Checks {@code step} (field {@code f}) in configuration {@code c}. */
  void check(String f, Campaign.Step step, Campaign.Configuration c) {
    checkMachines(f, step, c);
    checkRuns(f, step, c);
  }

  private void checkMachines(String step0, Campaign.Step step, Campaign.Configuration c) {
    String remote = step.options().get("remote");
    if (JmeterSteps.isJmeter(step.command()) && remote != null) {
      String why = JmeterSteps.remoteProblem(CampaignVars.substituteOrSelf(remote, c), c);
      if (why != null) {
        problems.problem(step0 + ".options.remote", why);
      }
    }
    boolean fromOn = step.clients().stream().allMatch(x -> x.options().isEmpty());
    for (int i = 0; i < step.clients().size(); i++) {
      String m = step.clients().get(i).machine();
      if (m == null) {
        continue;
      }
      // Named as written: steps[0].on, or steps[0].clients[1] (whose field is on).
      String f = fromOn ? step0 : step0 + ".clients[" + i + "]";
      if (c.kind() == Campaign.Kind.NONE) {
        problems.problem(
            f + ".on",
            "'"
                + Texts.cut(m)
                + "': configuration "
                + c.name()
                + " has no testbed or lab;"
                + " give it one, or remove on to run here");
      } else if (!c.machines().isEmpty() && !c.machines().contains(m)) {
        problems.problem(
            f + ".on",
            "'"
                + Texts.cut(m)
                + "' is not a machine of configuration "
                + c.name()
                + "'s "
                + (c.kind() == Campaign.Kind.LAB ? "lab" : "testbed")
                + "; use one of "
                + c.machines());
      } else if (c.kind() == Campaign.Kind.TESTBED && testbeds.containsKey(c.name())) {
        Set<String> installed = TestbedInstalls.installedOn(testbeds.get(c.name()));
        if (installed != null && !installed.contains(m)) {
          problems.problem(
              f + ".on",
              "'"
                  + Texts.cut(m)
                  + "' gets no loadlab from "
                  + c.file().getFileName()
                  + " (install goes to "
                  + installed
                  + "); add it to install.on there");
        }
      }
    }
  }

  /** Checks the step's command line for every sweep point and client, as the command would. */
  private void checkRuns(String f, Campaign.Step step, Campaign.Configuration c) {
    for (Map<String, String> point : Matrix.points(step.sweep())) {
      for (Campaign.Client client : step.clients()) {
        List<String> args;
        try {
          args = Matrix.commandLine(step, c, client, point);
        } catch (UsageException e) {
          problems.problem(f + ".options", e.getMessage());
          return;
        }
        try {
          commandLines.check(args);
        } catch (UsageException e) {
          String where = point.isEmpty() ? "" : " at " + Matrix.label(point);
          problems.problem(
              f + (point.isEmpty() ? ".options" : ".sweep"),
              "loadlab "
                  + step.command()
                  + " refuses it in configuration "
                  + c.name()
                  + where
                  + ": "
                  + firstLine(e.getMessage()));
          return;
        }
      }
    }
  }
}
