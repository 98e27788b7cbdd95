package io.loadlab.core.ds2.descriptor;

import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.workload.Ds2FinalReport;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.JvmHints;
import io.loadlab.core.workload.Operations;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import java.util.List;
import java.util.Map;

/**
 * The DVD Store 2 workload: {@code ds2 load}, {@code run}, {@code check}, {@code reset} and {@code
 * generate}.
 */
public final class Ds2WorkloadDescriptor implements Workload {
  /**
   * {@code ds2 load}: its JVM, schema, functions and the fixed part of its keys and indexes, then
   * per MB of {@code --db-size} its rows and their indexes. A 10 MB load took 4.7-5.2 s on a quiet
   * 2-core machine (its rows 1.6-2.0 s of it, keys and indexes 2.5-3.2 s; docs/campaigns.md).
   */
  static final double LOAD_SECONDS = 2.5;

  static final double LOAD_PER_MB_SECONDS = 0.25;

  /**
   * {@code ds2 load} in a configuration whose databases are all kept ones: it finds its database
   * loaded (its JVM and one query: 0.8 s on a quiet machine).
   */
  static final double LOADED_SECONDS = 0.8;

  @Override
  public String name() {
    return "ds2";
  }

  @Override
  public List<WorkloadCommand> commands() {
    return List.of(
        WorkloadCommand.of(
                "ds2 load",
                "create the DS2 schema and load data of a DS2 size (embedded PostgreSQL by default)",
                Ds2OptionTables.DATABASE.plus(Ds2OptionTables.LOAD))
            .estimating(Ds2WorkloadDescriptor::loadSeconds),
        WorkloadCommand.of(
                "ds2 run",
                "run the DVD Store 2 workload (orders per minute) against one or more databases",
                Ds2OptionTables.RUN_ALL)
            .runningLoad(Ds2FinalReport.NAMES)
            // order: a whole user session, DS2's own response time
            .recording(
                Operations.of(
                    "order",
                    List.of(
                        "order",
                        "login",
                        "new customer",
                        "browse",
                        "purchase",
                        "purchase rollback")))
            .hinting(new JvmHints(true, false)),
        WorkloadCommand.of(
            "ds2 check",
            "check that a DS2 database matches --db-size (row counts)",
            Ds2OptionTables.DATABASE),
        WorkloadCommand.of(
            "ds2 reset",
            "bring orders, customers and inventory back to the loaded state, without a reload",
            Ds2OptionTables.DATABASE),
        WorkloadCommand.of(
            "ds2 generate",
            "write DS2 data as CSV files (one per table) and PostgreSQL scripts to load them by hand",
            Ds2OptionTables.GENERATE));
  }

  /** {@code ds2 load}'s time: by its {@code --db-size}, or quick on a kept database. */
  static double loadSeconds(List<String> args, boolean dataKept) {
    if (dataKept) {
      return LOADED_SECONDS;
    }
    int at = args.indexOf("--db-size");
    Ds2Size size = Ds2Size.SMALL;
    if (at >= 0 && at + 1 < args.size()) {
      try {
        size = Ds2Size.parse("--db-size", args.get(at + 1));
      } catch (RuntimeException e) {
        // A ${var} or a size the command refuses: the command says so when it runs.
      }
    }
    // DS2's sizes scale with customers: 10 MB is 20,000 of them.
    double mb = size.customers() * 10.0 / Ds2Size.SMALL.customers();
    return LOAD_SECONDS + mb * LOAD_PER_MB_SECONDS;
  }

  @Override
  public Map<String, OptionTable> docsSections() {
    return Ds2OptionTables.docsSections();
  }

  @Override
  public Map<String, String> figureLabels() {
    return Map.ofEntries(
        Map.entry("opm", "orders per minute"),
        Map.entry("ordersFromStart", "orders since the start (warm-up included)"),
        Map.entry("rollbacksFromStart", "rollbacks since the start (warm-up included)"),
        Map.entry("searchHitPct", "search hits (%)"),
        Map.entry("rollbackPct", "rollbacks (%)"));
  }
}
