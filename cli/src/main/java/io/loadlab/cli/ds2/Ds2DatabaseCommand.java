package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2Size;
import java.sql.Connection;
import org.apache.commons.cli.CommandLine;

/**
 * A {@code ds2} command that works on one database of a DS2 size ({@code check}, {@code reset}):
 * the one its options name, or the embedded one, started for it and stopped after.
 */
abstract class Ds2DatabaseCommand extends DescribedCommand {
  /**
   * @param word its word after {@code ds2}, such as {@code check}
   */
  Ds2DatabaseCommand(String word) {
    super("ds2 " + word);
  }

  @Override
  public final int run(CommandLine cmd, CliContext ctx) throws Exception {
    Ds2Size size = Ds2Options.size(cmd);
    try (Ds2Options.Targets targets = Ds2Options.open(cmd, false, ctx.out()::println)) {
      DatabaseTarget t = targets.single("--url");
      try (Connection c = t.connect()) {
        return run(t, c, size, ctx);
      }
    }
  }

  /** Runs the command on database {@code t}, connected as {@code c}; returns the exit code. */
  abstract int run(DatabaseTarget t, Connection c, Ds2Size size, CliContext ctx) throws Exception;
}
