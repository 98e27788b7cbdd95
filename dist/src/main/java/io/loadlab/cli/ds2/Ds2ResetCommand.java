package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Check;
import io.loadlab.core.ds2.load.Ds2Reset;
import io.loadlab.core.failure.UsageException;
import java.sql.Connection;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** {@code loadlab ds2 reset}: back to the loaded state without a reload. */
final class Ds2ResetCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"ds2", "reset"};
  }

  @Override
  public String summary() {
    return "bring orders, customers and inventory back to the loaded state, without a reload";
  }

  @Override
  public Options options() {
    Options o = new Options();
    Ds2Options.addCommon(o, false);
    return o;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Ds2Size size = Ds2Options.size(cmd);
    try (Ds2Options.Targets targets = Ds2Options.open(cmd, false, ctx.out()::println)) {
      DatabaseTarget t = targets.single("--url");
      try (Connection c = t.connect()) {
        Ds2Check.Report before = Ds2Check.check(c, size);
        if (!before.ok()) {
          throw new UsageException(before.describe(t, size));
        }
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
      }
    }
    return 0;
  }
}
