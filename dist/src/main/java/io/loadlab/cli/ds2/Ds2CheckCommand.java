package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.load.Ds2Check;
import java.sql.Connection;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** {@code loadlab ds2 check}: does the database match --db-size? Exit 0 if so, 1 if not. */
final class Ds2CheckCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"ds2", "check"};
  }

  @Override
  public String summary() {
    return "check that a DS2 database matches --db-size (row counts)";
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
  }
}
