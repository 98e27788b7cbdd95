package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Check;
import io.loadlab.core.ds2.load.Ds2Reset;
import io.loadlab.core.failure.UsageException;
import java.sql.Connection;
import java.util.Locale;

/** {@code loadlab ds2 reset}: back to the loaded state without a reload. */
final class Ds2ResetCommand extends Ds2DatabaseCommand {
  Ds2ResetCommand() {
    super("reset");
  }

  @Override
  int run(DatabaseTarget t, Connection c, Ds2Size size, CliContext ctx) throws Exception {
    Ds2Check.Report before = Ds2Check.check(c, size);
    if (before.problems().stream().anyMatch(p -> p.startsWith("table "))) {
      // Not a DS2 database at all: say so, and do not suggest loading into it.
      throw new UsageException(
          "ds2 reset: the database at "
              + t.displayUrl()
              + " does not look like a DS2 database ("
              + String.join("; ", before.problems())
              + "); reset only changes a database loadlab or DVD Store built; check --url");
    }
    if (!before.ok()) {
      throw new UsageException(before.describe(t, size));
    }
    Ds2Reset.checkRestorable(c); // all or nothing: refused before anything changes
    ctx.out()
        .println(
            "resetting the DS2 "
                + size.name()
                + " database at "
                + t.displayUrl()
                + (before.meta() == null ? " (not loaded by loadlab)" : " (loaded by loadlab)")
                + ": deleting orders after id "
                + size.orders()
                + " and customers after id "
                + size.customers()
                + ", emptying reorder, restoring inventory");
    Ds2Reset.Outcome o = Ds2Reset.reset(c, t.dialect(), size, ctx.out()::println);
    ctx.out()
        .println(
            String.format(
                Locale.ROOT,
                "reset in %.1f s: removed %d orders, %d order lines, %d history rows,"
                    + " %d customers; restored %d inventory rows",
                o.seconds(),
                o.orders(),
                o.orderLines(),
                o.history(),
                o.customers(),
                o.inventory()));
    return 0;
  }
}
