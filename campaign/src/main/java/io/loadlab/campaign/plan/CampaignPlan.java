package io.loadlab.campaign.plan;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.CampaignVars;
import io.loadlab.campaign.file.Iterations;
import io.loadlab.campaign.file.JmeterSteps;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.campaign.results.GuestLabPhases;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.TestbedInstalls;
import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import io.loadlab.provision.testbed.TestbedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** What {@code campaign plan} prints: the matrix, where each step runs, and how long it takes. */
public final class CampaignPlan {
  private CampaignPlan() {}

  /**
   * The plan of a campaign to run in {@code dir}: its estimate from the measured runs of this file
   * in {@code dir}'s campaign.json when it has any (see {@link RunTimes}).
   */
  public static String describe(Campaign c, Path dir) {
    return describe(c, dir, Map.of());
  }

  /**
   * As {@link #describe(Campaign, Path)}, before a {@code --retry-failed} that runs {@code retried}
   * again (by id, with their attempts): each costs what it took when it last ran long enough to
   * measure, not its fast failure ({@link RunTimes#retrying}).
   */
  public static String describe(Campaign c, Path dir, Map<String, List<Manifest.Attempt>> retried) {
    Path file = dir.resolve(Manifest.FILE);
    if (!Files.isRegularFile(file)) {
      return describe(
          c,
          new RunTimes(),
          new ConfigurationTimes().in(c.configurations()),
          new Manifest(),
          "from the steps' durations and the defaults; no " + file + " yet");
    }
    Manifest m;
    try {
      m = Manifest.read(file);
    } catch (IOException e) {
      throw new UsageException(
          file
              + ": cannot be read as a campaign's "
              + Manifest.FILE
              + " ("
              + ValidationProblems.firstLine(e.getMessage())
              + "); give another --output");
    }
    RunTimes times = RunTimes.of(Matrix.cells(c), m);
    times.retrying(retried, Matrix.cells(c));
    ConfigurationTimes confTimes =
        new ConfigurationTimes(m.configurationTimes).in(c.configurations());
    int confs = confTimes.measured(c.configurations());
    String measuredConfs =
        confs == 0 ? "" : confs + " configuration" + (confs == 1 ? "" : "s") + " brought up";
    String foreign =
        times.foreignRuns() == 0
            ? ""
            : "; "
                + times.foreignRuns()
                + " finished runs there came from another version of the file (run needs"
                + " --restart or another --output)";
    if (times.measuredRuns() == 0) {
      return describe(
          c,
          times,
          confTimes,
          new Manifest(),
          (confs == 0
                  ? "from the steps' durations and the defaults; no measured runs of this file in "
                  : "from the steps' durations and " + measuredConfs + " in ")
              + file
              + foreign);
    }
    Manifest done = new Manifest();
    done.runs = times.kept();
    return describe(
        c,
        times,
        confTimes,
        done,
        "from "
            + times.measuredRuns()
            + " measured runs"
            + (confs == 0 ? "" : " and " + measuredConfs)
            + " in "
            + file
            + foreign);
  }

  private static String describe(
      Campaign c, RunTimes times, ConfigurationTimes confTimes, Manifest done, String source) {
    StringBuilder sb = new StringBuilder();
    int runsMin = 0;
    int runsMax = 0;
    for (Campaign.Configuration conf : c.configurations()) {
      sb.append("configuration ")
          .append(conf.name())
          .append(": ")
          .append(conf.control())
          .append('\n');
      ConfigurationTimes.Parts parts = confTimes.of(conf);
      if (parts.total() > 0) {
        sb.append(
            String.format(
                Locale.ROOT,
                "  around its runs ~%s: bring-up %s, services %s, setup %s, bring-down %s (%s)%n",
                Eta.format(parts.total()),
                Eta.format(parts.up()),
                Eta.format(parts.services()),
                Eta.format(parts.setup()),
                Eta.format(parts.down()),
                parts.measured() ? "measured" : "defaults"));
      }
      Map<String, Double> phases = confTimes.phases(conf);
      if (phases != null) {
        sb.append("  phases as its longest bring-up took them: ")
            .append(GuestLabPhases.describe(phases))
            .append('\n');
      }
      for (Campaign.Step step : c.steps()) {
        List<Map<String, String>> points = Matrix.points(step.sweep());
        Iterations it = step.iterations();
        double each = times.seconds(step, conf);
        int measured = times.measuredRuns(step);
        sb.append(
            String.format(
                Locale.ROOT,
                "  step %s (loadlab %s) on %s: %d point%s x %s iterations, ~%.0f s a run"
                    + " (%.0f s start-up)%s%n",
                step.name(),
                step.command(),
                machines(step) + remote(conf, step),
                points.size(),
                points.size() == 1 ? "" : "s",
                it.describe(),
                each,
                times.startUp(step, conf),
                measured > 0
                    ? " (measured: mean of " + measured + " run" + (measured == 1 ? "" : "s") + ")"
                    : times.measuredRuns() > 0
                        ? " (its durations x the measured runs' ratio to theirs)"
                        : ""));
        if (!step.sweep().isEmpty()) {
          sb.append("    sweep: ").append(step.sweep()).append('\n');
        }
        sb.append("    e.g. ")
            .append(step.clients().get(0).placement().shellPrefix())
            .append("loadlab ")
            .append(
                String.join(
                    " ", Matrix.commandLine(step, conf, step.clients().get(0), points.get(0))))
            .append('\n');
        runsMin += points.size() * it.min();
        runsMax += points.size() * it.max();
      }
    }
    List<Matrix.Cell> cells = Matrix.cells(c);
    Manifest none = new Manifest();
    String what = ConfigurationTimes.describe(c.configurations());
    sb.append(
        String.format(
            Locale.ROOT,
            "campaign %s: %d configuration%s x %d step%s = %s runs, %s (%s)%n",
            c.name(),
            c.configurations().size(),
            c.configurations().size() == 1 ? "" : "s",
            c.steps().size(),
            c.steps().size() == 1 ? "" : "s",
            runsMin == runsMax ? String.valueOf(runsMin) : runsMin + " to " + runsMax,
            CampaignEstimate.describe(
                CampaignEstimate.left(cells, 0, none, false, times, confTimes, null),
                CampaignEstimate.left(cells, 0, none, true, times, confTimes, null),
                what),
            source));
    if (!done.runs.isEmpty()) {
      double leftMin = CampaignEstimate.left(cells, 0, done, false, times, confTimes, null).total();
      double leftMax = CampaignEstimate.left(cells, 0, done, true, times, confTimes, null).total();
      sb.append(
          String.format(
              Locale.ROOT,
              "%d runs done, about %s%s left%n",
              done.runs.size(),
              Eta.format(leftMin),
              Eta.format(leftMin).equals(Eta.format(leftMax)) ? "" : " to " + Eta.format(leftMax)));
    }
    sb.append("reported run per cell: ")
        .append(c.rule().id())
        .append("; on failure: ")
        .append(c.stopOnFailure() ? "stop" : "continue")
        .append("; baseline: ")
        .append(c.baseline())
        .append('\n');
    return sb.toString();
  }

  private static String machines(Campaign.Step step) {
    List<String> m =
        step.clients().stream()
            .map(x -> x.machine() == null ? "this machine" : x.machine())
            .toList();
    return m.size() == 1 ? m.get(0) : m.size() + " clients at once " + m;
  }

  /** How a step on testbed machines runs there. */
  private static String remote(Campaign.Configuration conf, Campaign.Step step) {
    String jmeterServers = step.options().get("remote");
    if (JmeterSteps.isJmeter(step.command()) && jmeterServers != null) {
      return " (JMeter's controller), load on jmeter-server "
          + JmeterSteps.remote(CampaignVars.substitute(jmeterServers, conf), conf)
          + " through -R";
    }
    if (conf.kind() == Campaign.Kind.LAB) {
      try {
        Set<String> ssh =
            new LabNetwork(LabFile.read(conf.file()), conf.labStateDir()).sshAddresses().keySet();
        return step.clients().stream().anyMatch(c -> ssh.contains(c.machine()))
            ? " over SSH to the lab hosts' sshd (results copied back and combined)"
            : "";
      } catch (RuntimeException e) {
        return "";
      }
    }
    if (conf.kind() != Campaign.Kind.TESTBED
        || step.clients().stream().allMatch(c -> c.machine() == null)) {
      return "";
    }
    String program;
    try {
      var testbed = TestbedFile.read(conf.file());
      if (step.clients().stream()
          .allMatch(
              c ->
                  testbed.hosts().containsKey(c.machine())
                      && testbed.hosts().get(c.machine()).isLocal())) {
        return " here (" + step.clients().get(0).machine() + " is this machine)";
      }
      program = TestbedInstalls.program(testbed);
    } catch (RuntimeException e) {
      program = "loadlab";
    }
    return " over SSH (" + program + " there; results copied back and combined)";
  }
}
