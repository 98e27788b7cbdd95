package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Mode;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2WorkloadMix;
import io.loadlab.core.ds2.load.Ds2InventorySnapshot;
import io.loadlab.core.ds2.load.Ds2Loader;
import io.loadlab.core.ds2.workload.Ds2Driver;
import io.loadlab.core.ds2.workload.Ds2RunSettings;
import io.loadlab.core.ds2.workload.Ds2UserThreads;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code loadlab ds2 run}: the DVD Store 2 workload against one or more databases. */
final class Ds2RunCommand implements Command {
  static final Duration DEFAULT_RUN_TIME = Duration.ofMinutes(1);
  static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

  @Override
  public String[] path() {
    return new String[] {"ds2", "run"};
  }

  @Override
  public String summary() {
    return "run the DVD Store 2 workload (orders per minute) against one or more databases";
  }

  @Override
  public boolean runsLoad() {
    return true;
  }

  @Override
  public List<String> figures() {
    return io.loadlab.core.ds2.workload.Ds2FinalReport.NAMES;
  }

  @Override
  public Options options() {
    Options o = new Options();
    Ds2Options.addCommon(o, true);
    o.addOption(OptionDefs.value("threads", "N", "users (connections) per target (default 1)"));
    o.addOption(
        OptionDefs.value("ramp-rate", "N", "users started per second per target (default 10)"));
    o.addOption(
        OptionDefs.value(
            "run-time", "TIME", "DS2's name for --duration: how long to measure (default 1m)"));
    o.addOption(
        OptionDefs.value(
            "think-time", "TIME", "average pause after each order, e.g. 0, 500ms (default 0)"));
    o.addOption(
        OptionDefs.value(
            "pct-newcustomers", "PCT", "percent of orders by new customers (default 20)"));
    o.addOption(OptionDefs.value("n-searches", "N", "average searches per order (default 3)"));
    o.addOption(OptionDefs.value("search-batch-size", "N", "average rows per search (default 5)"));
    o.addOption(OptionDefs.value("n-line-items", "N", "average items per order (default 5)"));
    o.addOption(
        Option.builder()
            .longOpt("ds2-compat-title-search")
            .desc("search titles in the ACTOR column, as DS2's PostgreSQL functions do")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("no-size-check")
            .desc("run even if the database does not match --db-size")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("load")
            .desc("load the embedded database first if it does not hold --db-size yet")
            .build());
    o.addOption(OptionDefs.value("seed", "N", "seed of the users' random choices (default 1)"));
    o.addOption(
        OptionDefs.value(
            "user-threads",
            "KIND",
            "auto, platform or virtual: what each user runs on (default auto: virtual on Java 24+)"));
    o.addOption(
        OptionDefs.value(
            "mode",
            "MODE",
            "auto, statements or functions: how each step is sent (default auto: functions on"
                + " PostgreSQL, statements elsewhere)"));
    return o;
  }

  private static Ds2Mode mode(CommandLine cmd) {
    String value = cmd.getOptionValue("mode");
    return value == null ? Ds2Mode.AUTO : Ds2Mode.parse("mode", value);
  }

  @Override
  public void check(CommandLine cmd) {
    Ds2Options.size(cmd);
    timing(cmd);
    for (String option : List.of("pct-newcustomers", "n-searches", "search-batch-size")) {
      Ds2Options.intValue(cmd, option, 0);
    }
    new Ds2WorkloadMix(
        Ds2Options.intValue(cmd, "pct-newcustomers", 20),
        Ds2Options.intValue(cmd, "n-searches", 3),
        Ds2Options.intValue(cmd, "search-batch-size", 5),
        Ds2Options.intValue(cmd, "n-line-items", 5));
    Ds2RunSettings.checkLoad(
        Ds2Options.intValue(cmd, "threads", 1), Ds2Options.doubleValue(cmd, "ramp-rate", 10));
    RunOptions.duration(cmd, "think-time", Duration.ZERO);
    Ds2Options.intValue(cmd, "seed", 1);
    userThreads(cmd);
    mode(cmd);
  }

  private static Ds2UserThreads userThreads(CommandLine cmd) {
    String value = cmd.getOptionValue("user-threads");
    return value == null ? Ds2UserThreads.AUTO : Ds2UserThreads.parse("user-threads", value);
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Ds2Size size = Ds2Options.size(cmd);
    RunTiming timing = timing(cmd);
    Ds2WorkloadMix mix =
        new Ds2WorkloadMix(
            Ds2Options.intValue(cmd, "pct-newcustomers", 20),
            Ds2Options.intValue(cmd, "n-searches", 3),
            Ds2Options.intValue(cmd, "search-batch-size", 5),
            Ds2Options.intValue(cmd, "n-line-items", 5));
    int threads = Ds2Options.intValue(cmd, "threads", 1);
    double ramp = Ds2Options.doubleValue(cmd, "ramp-rate", 10);
    Duration think = RunOptions.duration(cmd, "think-time", Duration.ZERO);
    Ds2UserThreads userThreads = userThreads(cmd);
    boolean quiet = cmd.hasOption("quiet");
    try (Ds2Options.Targets targets = Ds2Options.open(cmd, false, ctx.out()::println)) {
      if (cmd.hasOption("load")) {
        if (targets.server() == null) {
          throw new UsageException("--load: only for the embedded PostgreSQL; use 'ds2 load'");
        }
        new Ds2Loader(targets.list().get(0), ctx.out()::println)
            .load(
                new Ds2Loader.Settings(size, 1, Runtime.getRuntime().availableProcessors(), false));
      }
      Ds2RunSettings settings =
          new Ds2RunSettings(
              targets.list(),
              threads,
              ramp,
              think,
              mix,
              size,
              cmd.hasOption("ds2-compat-title-search"),
              !cmd.hasOption("no-size-check"),
              Ds2Options.intValue(cmd, "seed", 1),
              userThreads,
              mode(cmd));
      Ds2Driver.verifyTargets(settings, line -> ctx.out().println("ds2: " + line));
      snapshotInventories(targets.list(), size, ctx);
      Map<String, Object> config = new LinkedHashMap<>();
      config.put("targets", targets.list().stream().map(DatabaseTarget::displayUrl).toList());
      config.put("embedded", targets.server() != null);
      config.put("threads", threads);
      config.put("rampRate", ramp);
      config.put("runTime", Durations.format(timing.duration()));
      config.put("warmup", Durations.format(timing.warmup()));
      config.put("thinkTime", Durations.format(think));
      config.put("dbSize", size.name());
      config.put("pctNewCustomers", mix.pctNewCustomers());
      config.put("nSearches", mix.searches());
      config.put("searchBatchSize", mix.searchBatchSize());
      config.put("nLineItems", mix.lineItems());
      config.put("ds2CompatTitleSearch", settings.compatTitleSearch());
      config.put("mode", settings.modeLabel());
      try (RunSession s = RunSession.open(cmd, ctx, "ds2 run", config, timing)) {
        s.drive(
            () ->
                new Ds2Driver(line -> printProgress(ctx, quiet, line))
                    .run(settings, timing, s.recording(), s.control()));
        return s.finish();
      }
    }
  }

  /**
   * Gives each database loaded by other means (DVD Store's scripts) the copy of its loaded
   * inventory that {@code ds2 reset} restores stock from, while it is still as loaded.
   */
  private static void snapshotInventories(
      List<DatabaseTarget> targets, Ds2Size size, CliContext ctx) throws java.sql.SQLException {
    for (DatabaseTarget t : targets) {
      try (java.sql.Connection c = t.connect()) {
        switch (Ds2InventorySnapshot.ensure(c, t.dialect(), size)) {
          case TAKEN ->
              ctx.out()
                  .println(
                      "ds2: "
                          + t.displayUrl()
                          + ": copied its loaded inventory (table "
                          + io.loadlab.core.ds2.schema.Ds2Schema.INVENTORY_COPY
                          + ") so that 'ds2 reset' can restore its stock exactly");
          case UNAVAILABLE ->
              ctx.out()
                  .println(
                      "ds2: note: "
                          + t.displayUrl()
                          + " was not loaded by loadlab and has been used since it was loaded;"
                          + " 'ds2 reset' cannot restore its stock exactly (reload it to reset)");
          default -> {}
        }
      }
    }
  }

  private static void printProgress(CliContext ctx, boolean quiet, String line) {
    if (!quiet) {
      ctx.out().println("ds2: " + line);
      ctx.out().flush();
    }
  }

  /** --run-time is DS2's name for --duration; the interval defaults to DS2's 10 s. */
  static RunTiming timing(CommandLine cmd) {
    if (cmd.hasOption("run-time") && cmd.hasOption("duration")) {
      throw new UsageException("--run-time: is another name for --duration; give only one");
    }
    String option = cmd.hasOption("run-time") ? "run-time" : "duration";
    return new RunTiming(
        RunOptions.duration(cmd, option, DEFAULT_RUN_TIME),
        RunOptions.duration(cmd, "warmup", Duration.ZERO),
        RunOptions.duration(cmd, "interval", DEFAULT_INTERVAL));
  }
}
