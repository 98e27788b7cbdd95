package io.loadlab.core.ds2.load;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlDialect;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.data.CsvRows;
import io.loadlab.core.ds2.data.Ds2Chunk;
import io.loadlab.core.ds2.data.Ds2DataGenerator;
import io.loadlab.core.ds2.data.RowSink;
import io.loadlab.core.ds2.schema.Ds2Functions;
import io.loadlab.core.ds2.schema.Ds2Schema;
import io.loadlab.core.ds2.schema.Ds2Sql;
import io.loadlab.core.ds2.schema.Ds2Table;
import io.loadlab.core.failure.UsageException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * Loads DS2 data into a database: creates bare tables, generates and loads chunks in parallel
 * (PostgreSQL COPY through the driver's {@link CopyManager}; batched inserts for MySQL/MariaDB),
 * then adds keys, indexes and foreign keys, moves the sequences past the loaded ids, keeps a copy
 * of the inventory for {@link Ds2Reset}, notes the load in {@code loadlab_ds2}, creates loadlab's
 * DS2 functions (PostgreSQL, {@link Ds2Functions}) and analyzes.
 */
public final class Ds2Loader {
  /**
   * How to load.
   *
   * @param size the DS2 size
   * @param seed the generator's seed
   * @param threads generating and loading threads (one connection each)
   * @param replace drop DS2 tables that exist already; otherwise an existing load is an error
   */
  public record Settings(Ds2Size size, long seed, int threads, boolean replace) {}

  /** What a load did. */
  public record Outcome(boolean skipped, long rows, double seconds, double dataSeconds) {}

  private static final int BATCH = 1_000;

  private final DatabaseTarget target;
  private final Consumer<String> log;

  /**
   * @param log where progress lines go
   */
  public Ds2Loader(DatabaseTarget target, Consumer<String> log) {
    this.target = target;
    this.log = log;
  }

  /** Loads; if the database already holds a load of the same size, does nothing. */
  public Outcome load(Settings settings) throws Exception {
    long t0 = System.nanoTime();
    SqlDialect dialect = target.dialect();
    Ds2Schema schema = new Ds2Schema(dialect);
    try (Connection c = target.connect()) {
      if (Ds2Schema.tableExists(c, Ds2Table.CUSTOMERS.sqlName(dialect))) {
        Ds2Meta meta = Ds2Meta.read(c);
        if (!settings.replace()) {
          if (meta != null && meta.sizeName().equals(settings.size().name())) {
            log.accept("already loaded: DS2 " + meta.sizeName() + " (use --fresh to reload)");
            if (dialect == SqlDialect.POSTGRESQL && Ds2Functions.ensure(c)) {
              log.accept("created loadlab's DS2 functions (for ds2 run --mode functions)");
            }
            return new Outcome(true, 0, 0, 0);
          }
          throw new UsageException(
              "the database at "
                  + target.displayUrl()
                  + " already has DS2 tables"
                  + (meta == null ? "" : " (size " + meta.sizeName() + ")")
                  + "; add --fresh to drop and reload them");
        }
        log.accept("dropping the existing DS2 tables");
      }
      schema.dropTables(c);
      schema.createTables(c);
    }
    Ds2DataGenerator gen = new Ds2DataGenerator(settings.size(), settings.seed());
    log.accept(
        "loading DS2 "
            + settings.size()
            + " with "
            + settings.threads()
            + " threads into "
            + target.displayUrl());
    long[] rows = new long[1];
    ChunkRunner.WorkerFactory factory =
        () ->
            dialect == SqlDialect.POSTGRESQL
                ? new CopyWorker(gen, rows)
                : new InsertWorker(gen, rows);
    ChunkRunner.run(gen.firstStage(), settings.threads(), factory);
    ChunkRunner.run(gen.secondStage(), settings.threads(), factory);
    double dataSeconds = (System.nanoTime() - t0) / 1e9;
    log.accept(String.format("data loaded in %.1f s; adding keys and indexes", dataSeconds));
    List<List<String>> groups = schema.indexStatements();
    runGroups(groups, Math.min(settings.threads(), groups.size()));
    try (Connection c = target.connect();
        Statement s = c.createStatement()) {
      for (String sql : schema.foreignKeyStatements()) {
        s.execute(sql);
      }
      for (String sql :
          schema.sequenceStatements(
              settings.size().customers(), settings.size().orders(), settings.size().products())) {
        s.execute(sql);
      }
      s.execute(
          Ds2Sql.of(
              dialect,
              "CREATE TABLE "
                  + Ds2Schema.INVENTORY_COPY
                  + " AS SELECT prod_id, quan_in_stock, sales FROM inventory"));
      Ds2Meta.write(c, settings.size(), settings.seed());
      if (dialect == SqlDialect.POSTGRESQL) {
        Ds2Functions.create(c);
      }
      for (String sql : schema.analyzeStatements()) {
        s.execute(sql);
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    synchronized (rows) {
      log.accept(String.format("loaded %d rows in %.1f s", rows[0], seconds));
      return new Outcome(false, rows[0], seconds, dataSeconds);
    }
  }

  private void runGroups(List<List<String>> groups, int threads) throws Exception {
    List<Ds2Chunk> fake = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      fake.add(new Ds2Chunk(Ds2Table.CATEGORIES, i, i, i));
    }
    ChunkRunner.run(
        fake,
        Math.max(1, threads),
        () -> {
          Connection c = target.connect();
          if (target.dialect() == SqlDialect.POSTGRESQL) {
            try (Statement s = c.createStatement()) {
              // Bigger sorts for the index builds of large sizes (this session only).
              s.execute("SET maintenance_work_mem = '256MB'");
            }
          }
          return new ChunkRunner.Worker() {
            @Override
            public void handle(Ds2Chunk chunk) throws SQLException {
              try (Statement s = c.createStatement()) {
                for (String sql : groups.get(chunk.index())) {
                  s.execute(sql);
                }
              }
            }

            @Override
            public void close() throws SQLException {
              c.close();
            }
          };
        });
  }

  private static void add(long[] rows, long n) {
    synchronized (rows) {
      rows[0] += n;
    }
  }

  /** Generates a chunk as CSV and sends it with COPY. */
  private final class CopyWorker implements ChunkRunner.Worker {
    private final Ds2DataGenerator gen;
    private final long[] rows;
    private final Connection c;
    private final CopyManager copy;

    CopyWorker(Ds2DataGenerator gen, long[] rows) throws SQLException {
      this.gen = gen;
      this.rows = rows;
      this.c = target.connect();
      this.copy = c.unwrap(PGConnection.class).getCopyAPI();
    }

    @Override
    public void handle(Ds2Chunk chunk) throws Exception {
      Map<Ds2Table, RowSink> sinks = new EnumMap<>(Ds2Table.class);
      Map<Ds2Table, CsvRows> texts = new EnumMap<>(Ds2Table.class);
      for (Ds2Table t : chunk.outputs()) {
        CsvRows csv = new CsvRows((int) chunk.rows() * 64);
        texts.put(t, csv);
        sinks.put(t, csv);
      }
      gen.generate(chunk, sinks);
      long n = 0;
      for (Map.Entry<Ds2Table, CsvRows> e : texts.entrySet()) {
        Ds2Table t = e.getKey();
        n +=
            copy.copyIn(
                "COPY "
                    + t.sqlName()
                    + " ("
                    + String.join(", ", t.columns())
                    + ") FROM STDIN WITH (FORMAT csv)",
                new StringReader(e.getValue().text().toString()));
      }
      add(rows, n);
    }

    @Override
    public void close() throws SQLException {
      c.close();
    }
  }

  /** Generates a chunk straight into batched inserts, committed per chunk. */
  private final class InsertWorker implements ChunkRunner.Worker {
    private final Ds2DataGenerator gen;
    private final long[] rows;
    private final Connection c;
    private final Map<Ds2Table, PreparedStatement> inserts = new EnumMap<>(Ds2Table.class);

    InsertWorker(Ds2DataGenerator gen, long[] rows) throws SQLException {
      this.gen = gen;
      this.rows = rows;
      this.c = target.connect();
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("SET unique_checks = 0");
        s.execute("SET foreign_key_checks = 0");
      }
    }

    @Override
    public void handle(Ds2Chunk chunk) throws Exception {
      Map<Ds2Table, RowSink> sinks = new EnumMap<>(Ds2Table.class);
      long[] n = new long[1];
      int[] pending = new int[Ds2Table.values().length];
      for (Ds2Table t : chunk.outputs()) {
        PreparedStatement ps = inserts.computeIfAbsent(t, this::prepare);
        sinks.put(
            t,
            values -> {
              for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
              }
              ps.addBatch();
              n[0]++;
              if (++pending[t.ordinal()] == BATCH) {
                ps.executeBatch();
                pending[t.ordinal()] = 0;
              }
            });
      }
      gen.generate(chunk, sinks);
      for (Ds2Table t : chunk.outputs()) {
        if (pending[t.ordinal()] > 0) {
          inserts.get(t).executeBatch();
        }
      }
      c.commit();
      add(rows, n[0]);
    }

    private PreparedStatement prepare(Ds2Table t) {
      StringBuilder sql =
          new StringBuilder("INSERT INTO ")
              .append(t.sqlName(SqlDialect.MYSQL))
              .append(" (")
              .append(String.join(", ", t.columns()))
              .append(") VALUES (");
      for (int i = 0; i < t.columns().size(); i++) {
        sql.append(i == 0 ? "?" : ", ?");
      }
      try {
        return c.prepareStatement(sql.append(')').toString());
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public void close() throws SQLException {
      for (PreparedStatement ps : inserts.values()) {
        ps.close();
      }
      c.close();
    }
  }
}
