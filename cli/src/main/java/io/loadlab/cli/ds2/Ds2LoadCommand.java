package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Loader;
import org.apache.commons.cli.CommandLine;

/** {@code loadlab ds2 load}: create the DS2 schema and load generated data. */
final class Ds2LoadCommand extends DescribedCommand {
  Ds2LoadCommand() {
    super("ds2 load");
  }

  @Override
  public void check(CommandLine cmd) {
    Ds2Options.size(cmd);
    loadThreads(cmd);
    Ds2Options.intValue(cmd, "seed", 1);
  }

  /** The --load-threads given (1 or more), or the CPU count without it. */
  private static int loadThreads(CommandLine cmd) {
    int threads =
        Ds2Options.intValue(cmd, "load-threads", Runtime.getRuntime().availableProcessors());
    if (threads < 1) {
      throw new io.loadlab.core.failure.UsageException(
          "--load-threads: " + threads + " is too small; use 1 or more");
    }
    return threads;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Ds2Size size = Ds2Options.size(cmd);
    boolean fresh = cmd.hasOption("fresh");
    int threads = loadThreads(cmd);
    long seed = Ds2Options.intValue(cmd, "seed", 1);
    boolean embedded = !cmd.hasOption("url");
    try (Ds2Options.Targets targets = Ds2Options.open(cmd, fresh && embedded, ctx.out()::println)) {
      new Ds2Loader(targets.single("--url"), ctx.out()::println)
          .load(new Ds2Loader.Settings(size, seed, threads, fresh));
    }
    return 0;
  }
}
