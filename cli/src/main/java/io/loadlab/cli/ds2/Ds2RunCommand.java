package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.core.database.ConnectionCapacity;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.EmbeddedPostgresServer;
import io.loadlab.core.ds2.Ds2Mode;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2WorkloadMix;
import io.loadlab.core.ds2.load.Ds2InventorySnapshot;
import io.loadlab.core.ds2.load.Ds2Loader;
import io.loadlab.core.ds2.workload.Ds2Driver;
import io.loadlab.core.ds2.workload.Ds2RunSettings;
import io.loadlab.core.ds2.workload.Ds2UserThreads;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import io.loadlab.core.workload.SharedOptions;
import io.loadlab.core.workload.UserLimits;
import io.loadlab.core.workload.Workloads;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;

/** {@code loadlab ds2 run}: the DVD Store 2 workload against one or more databases. */
final class Ds2RunCommand extends DescribedCommand {
  /** Its options' descriptions. */
  private static final OptionTable OPTIONS = Workloads.installed().command("ds2 run").options();

  Ds2RunCommand() {
    super("ds2 run");
  }

  /** An option's whole number, or its default (both as its description says). */
  private static int intValue(CommandLine cmd, String option) {
    return Ds2Options.intValue(
        cmd, option, Integer.parseInt(OPTIONS.require(option).defaultValue()));
  }

  /** The run's mix of orders, from the options. */
  private static Ds2WorkloadMix mix(CommandLine cmd) {
    return new Ds2WorkloadMix(
        intValue(cmd, "pct-newcustomers"),
        intValue(cmd, "n-searches"),
        intValue(cmd, "search-batch-size"),
        intValue(cmd, "n-line-items"));
  }

  private static double rampRate(CommandLine cmd) {
    return Ds2Options.doubleValue(
        cmd, "ramp-rate", Double.parseDouble(OPTIONS.require("ramp-rate").defaultValue()));
  }

  private static Duration thinkTime(CommandLine cmd) {
    return OptionDefs.duration(cmd, OPTIONS.require("think-time"));
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
    mix(cmd);
    Ds2RunSettings.checkLoad(intValue(cmd, "threads"), rampRate(cmd));
    thinkTime(cmd);
    intValue(cmd, "seed");
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
    Ds2WorkloadMix mix = mix(cmd);
    int threads = intValue(cmd, "threads");
    double ramp = rampRate(cmd);
    Duration think = thinkTime(cmd);
    Ds2UserThreads userThreads = userThreads(cmd);
    boolean quiet = cmd.hasOption("quiet");
    // What this machine can open, before any database (or the embedded one) is started.
    UserLimits.ofThisProcess()
        .check(
            new UserLimits.Users(
                "--threads",
                threads * Ds2Options.targetCount(cmd),
                1,
                true,
                userThreads.resolved() == Ds2UserThreads.PLATFORM,
                null));
    try (Ds2Options.Targets targets = Ds2Options.open(cmd, false, ctx.out()::println, threads)) {
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
              intValue(cmd, "seed"),
              userThreads,
              mode(cmd));
      for (DatabaseTarget t : targets.list()) {
        ConnectionCapacity.check(
            t,
            "--threads",
            threads,
            targets.server() != null
                ? "the embedded PostgreSQL started with max_connections "
                    + EmbeddedPostgresServer.maxConnectionsFor(threads)
                    + " for --threads: close what else is connected to it"
                : ConnectionCapacity.raiseOnServer(t.dialect()));
      }
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
        RunOptions.duration(
            cmd, option, Durations.parse("--run-time", OPTIONS.require("run-time").defaultValue())),
        OptionDefs.duration(cmd, SharedOptions.RUN.require("warmup")),
        OptionDefs.duration(
            cmd,
            SharedOptions.RUN.require("interval").defaultValue(Ds2RunSettings.DEFAULT_INTERVAL)));
  }
}
