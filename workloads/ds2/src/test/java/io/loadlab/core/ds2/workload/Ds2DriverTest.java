package io.loadlab.core.ds2.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.Ds2Mode;
import io.loadlab.core.ds2.Ds2ShapedDatabase;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2WorkloadMix;
import io.loadlab.core.ds2.load.Ds2Loader;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.Exporters;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.report.HtmlPage;
import io.loadlab.core.results.Problem;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Short DS2 runs against the embedded PostgreSQL, with the database checked afterwards. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Ds2DriverTest {
  static final Ds2Size TINY = Ds2Size.parse("--db-size", "2MB");

  static DatabaseTarget loaded(String name) throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase(name);
    new Ds2Loader(db, line -> {}).load(new Ds2Loader.Settings(TINY, 5, 2, false));
    return db;
  }

  static RunResult run(
      DatabaseTarget db,
      Ds2Size size,
      int threads,
      Duration duration,
      List<String> progress,
      Runnable during)
      throws Exception {
    return run(db, size, threads, duration, progress, during, null);
  }

  /** A run whose results also go where {@code exports} says (null: nowhere). */
  static RunResult run(
      DatabaseTarget db,
      Ds2Size size,
      int threads,
      Duration duration,
      List<String> progress,
      Runnable during,
      ExportOptions exports)
      throws Exception {
    Ds2RunSettings s =
        new Ds2RunSettings(
            List.of(db),
            threads,
            100,
            Duration.ZERO,
            Ds2WorkloadMix.DEFAULT,
            size,
            false,
            true,
            9,
            Ds2UserThreads.AUTO,
            Ds2Mode.AUTO);
    Recorder recorder = new Recorder();
    RunRecording rec =
        RunRecording.start(
            new RunInfo("test", "ds2 run", null, null, Map.of(), null, null),
            recorder,
            exports == null ? List.of() : Exporters.open(exports, recorder, "ds2 run"),
            Duration.ofSeconds(1));
    RunControl control = new RunControl();
    Thread side = null;
    if (during != null) {
      side = new Thread(during);
      side.start();
    }
    new Ds2Driver(progress::add)
        .run(s, new RunTiming(duration, Duration.ZERO, Duration.ofSeconds(1)), rec, control);
    if (side != null) {
      side.join();
    }
    RunResult result = rec.finish(control);
    rec.close();
    return result;
  }

  static long count(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aShortRunKeepsTheDatabaseConsistent() throws Exception {
    DatabaseTarget db = loaded("run");
    List<String> progress = new CopyOnWriteArrayList<>();
    RunResult r = run(db, TINY, 4, Duration.ofSeconds(4), progress, null);
    long loadedOrders = TINY.orders();
    double orders = r.figures().get("orders");
    double rollbacks = r.figures().get("rollbacks");
    assertTrue(orders > 20, "orders: " + orders);
    assertTrue(r.figures().get("opm") > 0);
    assertEquals(0, r.totals().get("order").errors());
    assertTrue(r.totals().get("browse").count() >= orders, "at least one browse per order");
    assertTrue(progress.stream().anyMatch(l -> l.contains("opm=") && l.contains("rollbacks: n=")));
    assertTrue(progress.stream().anyMatch(l -> l.startsWith("Final: ")));
    try (Connection c = db.connect()) {
      Ds2Invariants.assertConsistent(c, TINY, r);
    }
    // The users' fairness figures, as net's: orders per user, the longest wait to be run.
    for (String f :
        List.of("userTxMin", "userTxMedian", "userTxMax", "userWaitMaxMs", "userIdleMaxMs")) {
      assertTrue(r.figures().containsKey(f), f + " in " + r.figures().keySet());
    }
    assertTrue(r.figures().get("userTxMin") <= r.figures().get("userTxMax"));
    // Four users' orders are the run's: between four times the fewest and the most.
    assertTrue(r.figures().get("userTxMin") * 4 <= orders, "fewest " + r.figures());
    assertTrue(orders <= r.figures().get("userTxMax") * 4, "most " + r.figures());
  }

  @Test
  void severalTargetsGetTheirOwnUsersAndOrdersPerMinute() throws Exception {
    DatabaseTarget a = loaded("multi_a");
    DatabaseTarget b = loaded("multi_b");
    Ds2RunSettings s =
        new Ds2RunSettings(
            List.of(a, b),
            2,
            100,
            Duration.ZERO,
            Ds2WorkloadMix.DEFAULT,
            TINY,
            false,
            true,
            4,
            Ds2UserThreads.AUTO,
            Ds2Mode.AUTO);
    RunRecording rec =
        RunRecording.start(
            new RunInfo("test", "ds2 run", null, null, Map.of(), null, null),
            new Recorder(),
            List.of(),
            Duration.ofSeconds(1));
    RunControl control = new RunControl();
    List<String> progress = new CopyOnWriteArrayList<>();
    new Ds2Driver(progress::add)
        .run(
            s,
            new RunTiming(Duration.ofSeconds(3), Duration.ofSeconds(1), Duration.ofSeconds(1)),
            rec,
            control);
    RunResult r = rec.finish(control);
    String nameA = "opm t1 " + a.shortName();
    String nameB = "opm t2 " + b.shortName();
    assertTrue(r.figures().get(nameA) > 0, r.figures().toString());
    assertTrue(r.figures().get(nameB) > 0, r.figures().toString());
    assertEquals(
        r.figures().get("opm"), r.figures().get(nameA) + r.figures().get(nameB), 1e-6, "total");
    long ordersA = r.totals().get("order t1 " + a.shortName()).count();
    long ordersB = r.totals().get("order t2 " + b.shortName()).count();
    assertEquals(r.totals().get("order").count(), ordersA + ordersB);
    assertFiguresAgree(r);
    try (Connection c = a.connect()) {
      assertTrue(count(c, "SELECT COUNT(*) FROM orders WHERE orderid > " + TINY.orders()) > 0);
    }
    try (Connection c = b.connect()) {
      assertTrue(count(c, "SELECT COUNT(*) FROM orders WHERE orderid > " + TINY.orders()) > 0);
    }
    assertTrue(progress.stream().anyMatch(l -> l.startsWith("t1 ")), "per-target progress lines");
  }

  /**
   * The identities of one run's figures: one measured window (warmup out) for totals, orders and
   * opm; orders = purchases (committed or rolled back) in the window; opm = orders / minutes of the
   * window; rollbacks counted once; errors = failed operations.
   */
  static void assertFiguresAgree(RunResult r) {
    Map<String, Double> f = r.figures();
    long orders = r.totals().get("order").count();
    var purchase = r.totals().get("purchase");
    // A failed purchase is an error of the purchase operation, not an order.
    long committed = purchase == null ? 0 : purchase.count() - purchase.errors();
    long rolledBack =
        r.totals().containsKey("purchase rollback")
            ? r.totals().get("purchase rollback").count()
            : 0;
    assertEquals(orders, f.get("orders"), "orders = the order operation's count");
    assertEquals(orders, committed + rolledBack, "orders = purchases in the window");
    assertEquals(rolledBack, f.get("rollbacks"), "rollbacks counted once");
    double window = r.totals().get("order").durationSec();
    for (var e : r.totals().entrySet()) {
      assertEquals(window, e.getValue().durationSec(), 1e-9, "one window for " + e.getKey());
    }
    assertEquals(
        60 * orders / window,
        f.get("opm"),
        f.get("opm") * 0.01,
        "opm = orders / minutes; window " + window + " s; orders " + orders + " figures " + f);
    long errors = r.totals().values().stream().mapToLong(o -> o.errors()).sum();
    assertEquals(errors, f.get("errors"), "errors = failed operations");
    assertTrue(f.get("ordersFromStart") >= orders);
  }

  @Test
  void aDatabaseBuiltLikeDs2sOwnIsSearchedWithItsWordsAndMissesAreReported() throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase("ds2_built");
    Ds2ShapedDatabase.build(db, TINY, 3);
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      // No featured products: every category search finds nothing, which the run must say.
      s.execute("UPDATE products SET special = 0");
    }
    List<String> progress = new CopyOnWriteArrayList<>();
    RunResult r = run(db, TINY, 2, Duration.ofSeconds(3), progress, null);
    assertTrue(
        progress.stream().anyMatch(l -> l.contains("search words of") && l.contains("products")),
        "the words come from the database: " + progress);
    assertTrue(r.figures().get("searchHitPct actor") > 0, r.figures().toString());
    assertEquals(0.0, r.figures().get("searchHitPct category"), r.figures().toString());
    assertTrue(r.figures().get("searchHitPct") > 0);
    Problem none =
        r.problems().stream()
            .filter(p -> p.kind().equals("searches found nothing"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no warning: " + r.problems()));
    assertTrue(none.message().contains("category searches found a product"), none.message());
    assertTrue(
        r.problems().stream().noneMatch(p -> p.message().contains(" actor searches ")),
        r.problems().toString());
    assertTrue(
        progress.stream().anyMatch(l -> l.startsWith("Final: ") && l.contains("search_hit_pct=")));
    assertFiguresAgree(r);
  }

  @Test
  void rollbacksAreCountedApartFromErrors() throws Exception {
    DatabaseTarget db = loaded("rollback");
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("UPDATE inventory SET quan_in_stock = 0 WHERE prod_id % 2 = 0");
    }
    RunResult r = run(db, TINY, 2, Duration.ofSeconds(3), new CopyOnWriteArrayList<>(), null);
    double rollbacks = r.figures().get("rollbacks");
    assertTrue(rollbacks > 0, "rollbacks: " + rollbacks);
    assertEquals((long) rollbacks, r.totals().get("purchase rollback").count());
    assertEquals(0, r.totals().get("purchase rollback").errors());
    assertEquals(0.0, r.figures().get("errors"));
    assertFiguresAgree(r);
    try (Connection c = db.connect()) {
      assertEquals(
          0,
          count(
              c,
              "SELECT COUNT(*) FROM orderlines WHERE prod_id % 2 = 0 AND orderid > "
                  + TINY.orders()),
          "nothing sold from empty stock");
    }
  }

  @Test
  void anOutageIsReportedWithItsRealDurationAndItsIntervals() throws Exception {
    DatabaseTarget db = loaded("kill");
    String dbName = db.url().substring(db.url().lastIndexOf('/') + 1);
    List<String> progress = new CopyOnWriteArrayList<>();
    long[] killed = new long[1];
    RunResult r =
        run(
            db,
            TINY,
            2,
            Duration.ofSeconds(9),
            progress,
            () -> {
              // Once orders flow, the database refuses connections for 3 s after its backends are
              // killed, as a restart would.
              try (Connection admin = TestPostgres.server().target("postgres").connect();
                  Statement st = admin.createStatement()) {
                long deadline = System.nanoTime() + 30_000_000_000L;
                while (progress.stream().noneMatch(l -> l.matches(".*n_overall=[1-9].*"))
                    && System.nanoTime() < deadline) {
                  Thread.sleep(100);
                }
                st.execute("ALTER DATABASE " + dbName + " WITH ALLOW_CONNECTIONS false");
                try (ResultSet rs =
                    st.executeQuery(
                        "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity"
                            + " WHERE datname = '"
                            + dbName
                            + "' AND pid <> pg_backend_pid()")) {
                  rs.next();
                  killed[0] = rs.getLong(1);
                }
                Thread.sleep(3000);
                st.execute("ALTER DATABASE " + dbName + " WITH ALLOW_CONNECTIONS true");
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    assertTrue(killed[0] >= 1, "killed " + killed[0]);
    assertTrue(r.figures().get("outages") >= 1);
    Problem lost =
        r.problems().stream().filter(p -> p.kind().equals("connection lost")).findFirst().get();
    assertTrue(lost.message().contains("lost and reopened"), lost.message());
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("after ([0-9.]+)(-[0-9.]+)? s").matcher(lost.message());
    assertTrue(m.find(), lost.message());
    double outage = Double.parseDouble(m.group(1));
    assertTrue(outage >= 2.5 && outage < 8, "the outage lasted about 3 s: " + lost.message());
    assertTrue(progress.stream().anyMatch(l -> l.contains("reconnecting")));
    // The outage's intervals are rows with nothing completed, not a gap.
    assertTrue(
        r.intervals().stream()
            .anyMatch(
                i ->
                    i.operations().containsKey("order")
                        && i.operations().get("order").count() == 0),
        "a zero-rate order row during the outage: " + r.intervals());
    // Orders went on after the reconnect.
    assertTrue(
        r.intervals().stream()
            .skip(Math.max(0, r.intervals().size() - 2))
            .anyMatch(
                i ->
                    i.operations().containsKey("order") && i.operations().get("order").count() > 0),
        "orders after the reconnect");
    assertTrue(r.figures().get("errors") >= 1, "the failed operations are errors");
    assertFiguresAgree(r);
  }

  @Test
  void connectionsThatNeverReopenAreSaidSoWithHowLongTheDatabaseWasDown(@TempDir Path out)
      throws Exception {
    DatabaseTarget db = loaded("down");
    String dbName = db.url().substring(db.url().lastIndexOf('/') + 1);
    List<String> progress = new CopyOnWriteArrayList<>();
    long[] downAt = new long[1];
    java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
    RunResult r =
        run(
            db,
            TINY,
            2,
            Duration.ofSeconds(7),
            progress,
            () -> {
              // A short outage both users recover from, then one that lasts until the end.
              try (Connection admin = TestPostgres.server().target("postgres").connect();
                  Statement st = admin.createStatement()) {
                awaitProgress(progress, ".*n_overall=[1-9].*", 1);
                refuseAndKill(st, dbName);
                Thread.sleep(1000);
                st.execute("ALTER DATABASE " + dbName + " WITH ALLOW_CONNECTIONS true");
                awaitProgress(progress, ".*lost and reopened.*", 2);
                Thread.sleep(500);
                downAt[0] = System.nanoTime();
                refuseAndKill(st, dbName);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            },
            ExportOptions.inDirectory(
                out, new java.io.PrintStream(console, true, StandardCharsets.UTF_8), true));
    double sinceDown = (System.nanoTime() - downAt[0]) / 1e9;
    try (Connection admin = TestPostgres.server().target("postgres").connect();
        Statement st = admin.createStatement()) {
      st.execute("ALTER DATABASE " + dbName + " WITH ALLOW_CONNECTIONS true");
    }
    assertTrue(downAt[0] != 0, "the database went down for good: " + progress);
    Problem lost =
        r.problems().stream().filter(p -> p.kind().equals("connection lost")).findFirst().get();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "connection to \\S+: 2 lost and reopened after [0-9.-]+ s; 2 never reopened,"
                    + " down ([0-9.]+)(-([0-9.]+))? s until the end \\(last error: .+\\)")
            .matcher(lost.message());
    assertTrue(m.matches(), lost.message());
    assertEquals(4, lost.count(), lost.message());
    double down = Double.parseDouble(m.group(m.group(3) != null ? 3 : 1));
    assertTrue(down > 1 && down <= sinceDown, down + " s down of " + sinceDown + ": " + lost);
    assertTrue(progress.stream().anyMatch(l -> l.equals(lost.message())), "said at the end");
    // Down for more than a tenth of the run: the outage is why the run failed.
    assertEquals(RunStatus.FAILED, r.status());
    assertTrue(
        r.statusReason().startsWith("the database was unreachable for ")
            && r.statusReason().contains("% of the run): " + lost.message()),
        r.statusReason());
    // Every output says the same: the console, result.json, summary.md and report.html.
    String line = "connection lost x4: " + lost.message();
    assertTrue(console.toString(StandardCharsets.UTF_8).contains("problem: " + line), "console");
    assertEquals(r.problems(), ResultJson.read(out.resolve("result.json")).problems());
    String md = Files.readString(out.resolve("summary.md"));
    assertTrue(md.contains("- " + line), md);
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains(HtmlPage.escape(lost.message())), "report.html");
    assertTrue(
        r.intervals().get(r.intervals().size() - 1).operations().get("order").count() == 0,
        "no order in the last interval: " + r.intervals());
  }

  /** Waits until {@code n} progress lines match. */
  private static void awaitProgress(List<String> progress, String regex, int n) throws Exception {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (progress.stream().filter(l -> l.matches(regex)).count() < n
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  private static void refuseAndKill(Statement st, String dbName) throws Exception {
    st.execute("ALTER DATABASE " + dbName + " WITH ALLOW_CONNECTIONS false");
    st.executeQuery(
            "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '"
                + dbName
                + "' AND pid <> pg_backend_pid()")
        .close();
  }

  @Test
  void aWrongSizeOrUrlIsRefusedWithAClearError() throws Exception {
    DatabaseTarget db = loaded("size");
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                run(
                    db,
                    Ds2Size.parse("--db-size", "4GB"),
                    1,
                    Duration.ofSeconds(1),
                    List.of(),
                    null));
    assertTrue(e.getMessage().contains("does not match --db-size 4GB"), e.getMessage());
    assertTrue(e.getMessage().contains("pass --db-size 2MB"), e.getMessage());
    UsageException bad =
        assertThrows(UsageException.class, () -> new DatabaseTarget("jdbc:oracle:x", null, null));
    assertTrue(bad.getMessage().startsWith("--url: 'jdbc:oracle:x' is not a JDBC URL"));
    assertThrows(
        UnreachableTargetException.class,
        () -> new DatabaseTarget("jdbc:postgresql://127.0.0.1:1/ds2", null, null).connect());
  }
}
