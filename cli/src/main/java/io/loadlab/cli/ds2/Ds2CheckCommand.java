package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Check;
import java.sql.Connection;

/** {@code loadlab ds2 check}: does the database match --db-size? Exit 0 if so, 1 if not. */
final class Ds2CheckCommand extends Ds2DatabaseCommand {
  Ds2CheckCommand() {
    super("check");
  }

  @Override
  int run(DatabaseTarget t, Connection c, Ds2Size size, CliContext ctx) throws Exception {
    Ds2Check.Report r = Ds2Check.check(c, size);
    if (!r.ok()) {
      ctx.err().println("loadlab: " + r.describe(t, size));
      return 1;
    }
    ctx.out()
        .println(
            "ok: "
                + t.displayUrl()
                + " holds DS2 "
                + size
                + (r.orders() > size.orders()
                    ? "; " + (r.orders() - size.orders()) + " orders added by runs"
                    : ""));
    return 0;
  }
}
