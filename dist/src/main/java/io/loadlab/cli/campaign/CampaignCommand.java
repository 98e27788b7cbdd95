package io.loadlab.cli.campaign;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.PathChecks;
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
    }
    return o;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Path operand = Path.of(cmd.getArgList().get(0));
    return switch (verb) {
      case "plan" -> {
        ctx.out().print(CampaignPlan.describe(CampaignValidator.read(operand)));
        yield 0;
      }
      case "run" -> {
        Campaign c = CampaignValidator.read(operand);
        Path dir = Path.of(cmd.getOptionValue("output", "campaigns/" + c.name()));
        // One campaign run per directory, for as long as this one runs (CampaignLock).
        try (CampaignLock lock = CampaignLock.take(dir)) {
          CampaignRunner runner = new CampaignRunner(c, dir, ctx.out());
          runner.open(cmd.hasOption("restart"));
          ctx.out().print(CampaignPlan.describe(c));
          yield runner.run();
        }
      }
      default -> {
        String tooLong = PathChecks.lengthProblem(operand.toString());
        if (tooLong != null) {
          throw new UsageException("DIR: '" + Texts.cut(operand) + "' " + tooLong);
        }
        Path dir = operand;
        Path file = Files.isDirectory(dir) ? dir.resolve(Manifest.FILE) : dir;
        if (!Files.exists(file)) {
          throw new UsageException(
              dir
                  + ": no "
                  + Manifest.FILE
                  + " here; give the directory of a"
                  + " campaign run (--output of loadlab campaign run)");
        }
        long t0 = System.nanoTime();
        Manifest m = Manifest.read(file);
        CellStatistics.update(m);
        Path campaignDir = file.toAbsolutePath().getParent();
        m.write(campaignDir);
        ctx.out().print(CampaignReport.write(m, campaignDir));
        ctx.err()
            .printf(
                java.util.Locale.ROOT,
                "campaign.json and report.md of %d runs written in %.0f ms%n",
                m.runs.size(),
                (System.nanoTime() - t0) / 1e6);
        yield 0;
      }
    };
  }
}
