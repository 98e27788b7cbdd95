package io.loadlab.cli.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ds2 run --mode}: a bad value and functions on a database other than PostgreSQL are refused
 * before anything starts; a run in each mode records its mode and keeps its figures' identities.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Ds2ModeCliTest {
  @TempDir Path dir;

  @Test
  void aModeThatIsNoneIsRefusedBeforeAnythingStarts() {
    CliRun run =
        CliRun.of("ds2", "run", "--mode", "procs", "--data-dir", dir.resolve("pg").toString());
    assertEquals(2, run.code(), run.err());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(run.err().contains("--mode"), run.err());
    assertTrue(run.err().contains("auto, statements or functions"), run.err());
    assertFalse(Files.exists(dir.resolve("pg/PG_VERSION")), "the embedded database was started");
  }

  @Test
  void functionsOnMariaDbAreRefusedNamingTheFix() {
    // Port 1: nothing listens; the refusal comes before any connection.
    CliRun run =
        CliRun.of("ds2", "run", "--mode", "functions", "--url", "jdbc:mariadb://127.0.0.1:1/ds2");
    assertEquals(2, run.code(), run.err());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(run.err().contains("--mode statements"), run.err());
  }

  @Test
  void eachModeIsRecordedWithItsResults() throws Exception {
    String pg = dir.resolve("pg").toString();
    CliRun load = CliRun.of("ds2", "load", "--db-size", "1MB", "--data-dir", pg);
    assertEquals(0, load.code(), load.err());
    for (String mode : new String[] {"statements", "functions"}) {
      Path out = dir.resolve(mode);
      CliRun run =
          CliRun.of(
              "ds2",
              "run",
              "--db-size",
              "1MB",
              "--data-dir",
              pg,
              "--threads",
              "3",
              "--run-time",
              "2s",
              "--interval",
              "1s",
              "--mode",
              mode,
              "--output",
              out.toString());
      assertEquals(0, run.code(), run.out() + run.err());
      assertTrue(run.out().contains("steps as " + mode), run.out());
      RunResult r = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.OK, r.status(), run.out());
      Map<String, Double> f = r.figures();
      long orders = r.totals().get("order").count();
      long rolledBack =
          r.totals().containsKey("purchase rollback")
              ? r.totals().get("purchase rollback").count()
              : 0;
      assertTrue(orders > 0, run.out());
      assertEquals(orders, f.get("orders"));
      assertEquals(orders, r.totals().get("purchase").count() + rolledBack);
      assertEquals(0, f.get("errors"));
      String json = Files.readString(out.resolve("result.json"));
      assertTrue(json.contains("\"mode\" : \"" + mode + "\""), json);
    }
  }
}
