package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Loader;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code loadlab ds2 load}: create the DS2 schema and load generated data. */
final class Ds2LoadCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"ds2", "load"};
  }

  @Override
  public String summary() {
    return "create the DS2 schema and load data of a DS2 size (embedded PostgreSQL by default)";
  }

  @Override
  public Options options() {
    Options o = new Options();
    Ds2Options.addCommon(o, false);
    o.addOption(
        Option.builder()
            .longOpt("fresh")
            .desc("drop and reload (embedded: recreate the whole data directory)")
            .build());
    o.addOption(OptionDefs.value("seed", "N", "seed of the data generator (default 1)"));
    o.addOption(
        OptionDefs.value(
            "load-threads", "N", "generating and loading threads (default: CPU count)"));
    return o;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Ds2Size size = Ds2Options.size(cmd);
    boolean fresh = cmd.hasOption("fresh");
    int threads =
        Ds2Options.intValue(cmd, "load-threads", Runtime.getRuntime().availableProcessors());
    if (threads < 1) {
      throw new io.loadlab.core.failure.UsageException(
          "--load-threads: " + threads + " is too small; use 1 or more");
    }
    long seed = Ds2Options.intValue(cmd, "seed", 1);
    boolean embedded = !cmd.hasOption("url");
    try (Ds2Options.Targets targets = Ds2Options.open(cmd, fresh && embedded, ctx.out()::println)) {
      new Ds2Loader(targets.single("--url"), ctx.out()::println)
          .load(new Ds2Loader.Settings(size, seed, threads, fresh));
    }
    return 0;
  }
}
