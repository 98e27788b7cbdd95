package io.loadlab.cli.campaign;

import io.loadlab.core.util.Durations;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import io.loadlab.provision.testbed.TestbedFile;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** What {@code campaign plan} prints: the matrix, where each step runs, and how long it takes. */
final class CampaignPlan {
  /** A run's start and end around its measured time: a JVM, a server or broker, the files. */
  static final double OVERHEAD_SECONDS = 2;

  /** Assumed when a step gives no --duration (the commands' default is 10 s for most). */
  static final double DEFAULT_SECONDS = 10;

  private CampaignPlan() {}

  static String describe(Campaign c) {
    StringBuilder sb = new StringBuilder();
    int runsMin = 0;
    int runsMax = 0;
    double secondsMin = 0;
    double secondsMax = 0;
    for (Campaign.Configuration conf : c.configurations()) {
      sb.append("configuration ")
          .append(conf.name())
          .append(": ")
          .append(ConfigurationControl.describe(conf))
          .append('\n');
      for (Campaign.Step step : c.steps()) {
        List<Map<String, String>> points = Matrix.points(step.sweep());
        Iterations it = step.iterations();
        double each = seconds(step);
        sb.append(
            String.format(
                Locale.ROOT,
                "  step %s (loadlab %s) on %s: %d point%s x %s iterations, ~%.0f s a run%n",
                step.name(),
                step.command(),
                machines(step) + remote(conf, step),
                points.size(),
                points.size() == 1 ? "" : "s",
                it.describe(),
                each));
        if (!step.sweep().isEmpty()) {
          sb.append("    sweep: ").append(step.sweep()).append('\n');
        }
        sb.append("    e.g. loadlab ")
            .append(
                String.join(
                    " ", Matrix.commandLine(step, conf, step.clients().get(0), points.get(0))))
            .append('\n');
        runsMin += points.size() * it.min();
        runsMax += points.size() * it.max();
        secondsMin += points.size() * it.min() * each;
        secondsMax += points.size() * it.max() * each;
      }
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "campaign %s: %d configuration%s x %d step%s = %s runs, about %s%s%n",
            c.name(),
            c.configurations().size(),
            c.configurations().size() == 1 ? "" : "s",
            c.steps().size(),
            c.steps().size() == 1 ? "" : "s",
            runsMin == runsMax ? String.valueOf(runsMin) : runsMin + " to " + runsMax,
            Eta.format(secondsMin),
            secondsMin == secondsMax ? "" : " to " + Eta.format(secondsMax)));
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
      program = TestbedMachines.program(TestbedFile.read(conf.file()));
    } catch (RuntimeException e) {
      program = "loadlab";
    }
    return " over SSH (" + program + " there; results copied back and combined)";
  }

  private static double seconds(Campaign.Step step) {
    double d = DEFAULT_SECONDS;
    for (String key : List.of("duration", "run-time")) {
      String v = step.options().get(key);
      if (v != null && !v.contains("$")) {
        d = secondsOf(key, v);
      }
    }
    String w = step.options().get("warmup");
    double warm = w == null || w.contains("$") ? 0 : secondsOf("warmup", w);
    return d + warm + OVERHEAD_SECONDS;
  }

  private static double secondsOf(String key, String v) {
    Duration d = Durations.parse("--" + key, v);
    return d.toMillis() / 1000.0;
  }
}
