package io.loadlab.cli.campaign;

import io.loadlab.campaign.Campaigns;
import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.PathChecks;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** {@code loadlab campaign plan|run|report}: a whole experiment from one file. */
public final class CampaignCommand implements Command {
  private final String verb;

  private CampaignCommand(String verb) {
    this.verb = verb;
  }

  /** The three campaign commands. */
  public static List<Command> all() {
    return List.of(
        new CampaignCommand("plan"), new CampaignCommand("run"), new CampaignCommand("report"));
  }

  @Override
  public String[] path() {
    return new String[] {"campaign", verb};
  }

  @Override
  public String summary() {
    return switch (verb) {
      case "plan" ->
          "check a campaign file and print its matrix, machines and duration; runs nothing";
      case "run" -> "run a campaign (configurations x steps x sweeps x iterations), resumable";
      default -> "write a campaign directory's report (Markdown tables) from its campaign.json";
    };
  }

  @Override
  public String operand() {
    return verb.equals("report") ? "DIR" : "campaign.yaml";
  }

  @Override
  public Options options() {
    Options o = new Options();
    if (verb.equals("plan")) {
      o.addOption(
          OptionDefs.value(
              "output",
              "DIR",
              "the campaign directory run would use (default campaigns/<name>); the estimate"
                  + " comes from its campaign.json's measured runs, if any"));
      o.addOption(
          OptionDefs.flag(
              "offline",
              "do not try whether testbed hosts answer on their SSH port (says which were not"
                  + " tried); every local check still runs"));
    }
    if (verb.equals("run")) {
      o.addOption(
          OptionDefs.value(
              "output",
              "DIR",
              "the campaign directory (default campaigns/<name>); run again with the same one to resume"));
      o.addOption(
          OptionDefs.flag(
              "restart",
              "start over in a directory whose finished runs came from another version of the file"));
      o.addOption(
          OptionDefs.optionalValue(
              "retry-failed",
              "NAMES",
              "run the failed runs again (all, or only those of these configurations or cells,"
                  + " comma-separated), keeping every ok run"));
      o.addOption(
          OptionDefs.value(
              "junit",
              "FILE",
              "also copy the campaign's junit.xml (a case per run and criterion) here at the end"));
      o.addOption(
          OptionDefs.value(
              "metrics-port",
              "PORT",
              "serve the campaign's progress for Prometheus on PORT, and its live page at"
                  + " http://ADDRESS:PORT/, each client run's figures on the ports after it,"
                  + " listed in prometheus-targets.json (file_sd)"));
      o.addOption(
          OptionDefs.value(
              "metrics-address",
              "ADDRESS",
              "the address --metrics-port listens on (default 127.0.0.1)"));
    }
    return o;
  }

  /** {@code --output DIR}, default {@code campaigns/<name>}. */
  private static Path output(CommandLine cmd, Campaigns c) {
    return Path.of(cmd.getOptionValue("output", "campaigns/" + c.name()));
  }

  /**
   * {@code --retry-failed [NAMES]}: the names must be configurations or cells of the campaign; none
   * for all failed runs.
   */
  static java.util.Set<String> retryFailed(CommandLine cmd, Campaigns c) {
    if (cmd.hasOption("restart")) {
      throw new UsageException(
          "--retry-failed: --restart deletes every finished run; give one or the other");
    }
    String value = cmd.getOptionValue("retry-failed");
    java.util.Set<String> names = new java.util.LinkedHashSet<>();
    if (value != null && !value.isBlank()) {
      java.util.Set<String> known = c.configurationsAndCells();
      for (String n : value.split(",")) {
        String name = n.trim();
        if (!known.contains(name)) {
          String near = io.loadlab.core.util.NearestName.of(name, known);
          throw new UsageException(
              "--retry-failed: '"
                  + io.loadlab.core.util.Texts.cut(name)
                  + "' is neither a configuration nor a cell of "
                  + c.name()
                  + (near == null ? "" : "; did you mean '" + near + "'?"));
        }
        names.add(name);
      }
    }
    return names;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Path operand = Path.of(cmd.getArgList().get(0));
    return switch (verb) {
      case "plan" -> {
        Campaigns c = Campaigns.read(operand, !cmd.hasOption("offline"), ctx.err());
        ctx.out().print(c.plan(output(cmd, c)));
        yield 0;
      }
      case "run" -> {
        // The live endpoint's options are checked before the campaign file is read.
        int metricsPort =
            cmd.hasOption("metrics-port")
                ? Sizes.parseInt("--metrics-port", cmd.getOptionValue("metrics-port"), 1, 65000)
                : -1;
        String metricsAddress = io.loadlab.cli.live.LiveOptions.address(cmd);
        Campaigns c = Campaigns.read(operand);
        if (metricsPort > 0) {
          c.metrics(metricsAddress, metricsPort);
        }
        boolean retry = cmd.hasOption("retry-failed");
        java.util.Set<String> retryNames = retry ? retryFailed(cmd, c) : java.util.Set.of();
        yield c.run(
            output(cmd, c),
            cmd.hasOption("restart"),
            retry,
            retryNames,
            ctx.out(),
            cmd.hasOption("junit") ? Path.of(cmd.getOptionValue("junit")) : null);
      }
      default -> {
        String tooLong = PathChecks.lengthProblem(operand.toString());
        if (tooLong != null) {
          throw new UsageException("DIR: '" + Texts.cut(operand) + "' " + tooLong);
        }
        Path dir = operand;
        Path file = Files.isDirectory(dir) ? dir.resolve(Campaigns.MANIFEST_FILE) : dir;
        if (!Files.exists(file)) {
          throw new UsageException(
              dir
                  + ": no "
                  + Campaigns.MANIFEST_FILE
                  + " here; give the directory of a"
                  + " campaign run (--output of loadlab campaign run)");
        }
        Campaigns.report(file, ctx.out(), ctx.err());
        yield 0;
      }
    };
  }
}
