package io.loadlab.cli.ds2;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.data.Ds2DataGenerator;
import io.loadlab.core.ds2.load.Ds2CsvExport;
import io.loadlab.core.ds2.schema.Ds2Schema;
import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;

/** {@code loadlab ds2 generate}: write the data as CSV files (for psql \copy and comparisons). */
final class Ds2GenerateCommand extends DescribedCommand {
  Ds2GenerateCommand() {
    super("ds2 generate");
  }

  @Override
  public void check(CommandLine cmd) {
    Ds2Options.size(cmd);
    Ds2Options.intValue(cmd, "load-threads", 1);
    Ds2Options.intValue(cmd, "seed", 1);
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Ds2Size size = Ds2Options.size(cmd);
    if (!cmd.hasOption("out")) {
      throw new UsageException("--out: name the directory for the CSV files");
    }
    int threads =
        Ds2Options.intValue(cmd, "load-threads", Runtime.getRuntime().availableProcessors());
    long t0 = System.nanoTime();
    String sum =
        Ds2CsvExport.write(
            new Ds2DataGenerator(size, Ds2Options.intValue(cmd, "seed", 1)),
            Path.of(cmd.getOptionValue("out")),
            Math.max(1, threads));
    writeSchema(Path.of(cmd.getOptionValue("out")), size);
    ctx.out()
        .println(
            String.format(
                Locale.ROOT,
                "wrote DS2 %s to %s in %.1f s (sha256 %s)",
                size,
                cmd.getOptionValue("out"),
                (System.nanoTime() - t0) / 1e9,
                sum));
    return 0;
  }

  /** PostgreSQL scripts for loading the files by hand: tables, then keys, indexes, sequences. */
  private static void writeSchema(Path dir, Ds2Size size) throws java.io.IOException {
    Ds2Schema schema = new Ds2Schema(SqlDialect.POSTGRESQL);
    StringBuilder tables = new StringBuilder();
    for (String sql : schema.tableStatements()) {
      tables.append(sql).append(";\n");
    }
    StringBuilder after = new StringBuilder();
    for (List<String> group : schema.indexStatements()) {
      for (String sql : group) {
        after.append(sql).append(";\n");
      }
    }
    for (String sql : schema.foreignKeyStatements()) {
      after.append(sql).append(";\n");
    }
    for (String sql : schema.sequenceStatements(size.customers(), size.orders(), size.products())) {
      after.append(sql).append(";\n");
    }
    after.append("ANALYZE;\n");
    Files.writeString(dir.resolve("pg-create-tables.sql"), tables);
    Files.writeString(dir.resolve("pg-create-indexes.sql"), after);
  }
}
