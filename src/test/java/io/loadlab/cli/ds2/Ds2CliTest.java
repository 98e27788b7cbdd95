package io.loadlab.cli.ds2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.junit.JunitFiles;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The ds2 commands through the real command line, on an embedded PostgreSQL. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Ds2CliTest {
  @TempDir static Path dir;

  static CliRun loadlab(String... args) {
    return CliRun.of(args);
  }

  @Test
  void loadRunCheckResetOnTheEmbeddedPostgres() throws Exception {
    String data = dir.resolve("pg").toString();
    CliRun load = loadlab("ds2", "load", "--db-size", "1MB", "--data-dir", data);
    assertEquals(0, load.code(), load.err());
    assertTrue(load.out().contains("loaded "), load.out());

    Path out = dir.resolve("run");
    CliRun run =
        loadlab(
            "ds2",
            "run",
            "--db-size",
            "1MB",
            "--data-dir",
            data,
            "--threads",
            "3",
            "--run-time",
            "3s",
            "--interval",
            "1s",
            "--output",
            out.toString(),
            "--criteria",
            "opm>0,order:count>=1,errors==0",
            "--junit",
            dir.resolve("ds2-junit.xml").toString());
    assertEquals(0, run.code(), run.out() + run.err());
    assertTrue(run.out().contains("ds2: et="), run.out());
    assertTrue(run.out().contains("ds2: Final: "), run.out());
    assertTrue(run.out().contains("ds2: 3 users on "), run.out());
    RunResult result = ResultJson.read(out.resolve("result.json"));
    assertTrue(result.figures().get("opm") > 0);
    assertTrue(result.totals().containsKey("order"));
    // The compilers this JVM runs with, on the users' line and in the result.
    String jit = EnvironmentInfo.currentJit();
    assertTrue(run.out().contains("; JIT: " + jit), run.out());
    assertEquals(jit, result.environment().jit());
    assertEquals("3s", result.configuration().get("runTime"));
    assertTrue(result.criteria().stream().allMatch(v -> v.passed()), result.criteria().toString());
    assertEquals(result.figures().get("opm"), result.criteria().get(0).measured());
    assertEquals(
        "passed",
        JunitFiles.named(JunitFiles.read(dir.resolve("ds2-junit.xml")), "opm>0").outcome());

    // A criterion the run cannot meet fails it (exit 1), the others still judged.
    Path failedOut = dir.resolve("run-failed");
    CliRun failed =
        loadlab(
            "ds2",
            "run",
            "--db-size",
            "1MB",
            "--data-dir",
            data,
            "--threads",
            "2",
            "--run-time",
            "1s",
            "--output",
            failedOut.toString(),
            "--criteria",
            "opm>=1e12,order:errors==0");
    assertEquals(1, failed.code(), failed.out() + failed.err());
    RunResult failedResult = ResultJson.read(failedOut.resolve("result.json"));
    assertTrue(
        failedResult.statusReason().startsWith("criteria not met: opm>=1e12: measured "),
        failedResult.statusReason());
    assertTrue(failedResult.criteria().get(1).passed(), failedResult.criteria().toString());
    assertTrue(failed.out().contains("criterion FAILED: opm>=1e12: measured"), failed.out());

    CliRun typo =
        loadlab("ds2", "run", "--db-size", "1MB", "--data-dir", data, "--criteria", "opn>=1");
    assertEquals(2, typo.code(), typo.err());
    assertTrue(typo.err().contains("unknown figure 'opn'; did you mean opm?"), typo.err());
    assertEquals(1, typo.err().strip().lines().count(), typo.err());

    CliRun check = loadlab("ds2", "check", "--db-size", "1MB", "--data-dir", data);
    assertEquals(0, check.code(), check.err());
    assertTrue(check.out().contains("orders added by runs"), check.out());

    CliRun wrong = loadlab("ds2", "check", "--db-size", "4GB", "--data-dir", data);
    assertEquals(1, wrong.code());
    assertTrue(wrong.err().contains("does not match --db-size 4GB"), wrong.err());

    CliRun refused =
        loadlab("ds2", "run", "--db-size", "4GB", "--data-dir", data, "--run-time", "1s");
    assertEquals(2, refused.code());
    assertEquals(1, refused.err().strip().lines().count(), refused.err());
    assertTrue(refused.err().contains("pass --db-size 1MB"), refused.err());

    CliRun reset = loadlab("ds2", "reset", "--db-size", "1MB", "--data-dir", data);
    assertEquals(0, reset.code(), reset.err());
    assertTrue(reset.out().matches("(?s).*removed [1-9]\\d* orders.*"), reset.out());
    assertTrue(
        reset.out().contains("resetting the DS2 1MB database at jdbc:postgresql://"),
        "reset names the database before changing it: " + reset.out());

    CliRun notDs2 =
        loadlab("ds2", "reset", "--db-size", "1MB", "--data-dir", data, "--database", "other");
    assertEquals(2, notDs2.code(), notDs2.err());
    assertEquals(1, notDs2.err().strip().lines().count(), notDs2.err());
    assertTrue(notDs2.err().contains("does not look like a DS2 database"), notDs2.err());
    assertTrue(notDs2.err().contains("/other"), notDs2.err());
    CliRun again = loadlab("ds2", "check", "--db-size", "1MB", "--data-dir", data);
    assertFalse(again.out().contains("orders added by runs"), again.out());
  }

  @Test
  void badUrlsAndSizesGiveOneLineErrors() throws Exception {
    Path pw = dir.resolve("pw");
    Files.writeString(pw, "s3cret-pw\n");
    CliRun badUrl =
        loadlab("ds2", "run", "--target", "postgres://x/y", "--password-file", pw.toString());
    assertEquals(2, badUrl.code());
    assertEquals(
        "loadlab: --target: 'postgres://x/y' is not a JDBC URL loadlab knows; use"
            + " jdbc:postgresql://host:port/db or jdbc:mariadb://host:port/db",
        badUrl.err().strip());

    for (String incomplete :
        new String[] {
          "jdbc:postgresql://", "jdbc:postgresql:ds2", "jdbc:postgresql:///ds2",
          "jdbc:postgresql://db1:5432/", "jdbc:mariadb://", "jdbc:mysql://:3306/ds2"
        }) {
      CliRun r = loadlab("ds2", "reset", "--url", incomplete, "--password-file", pw.toString());
      assertEquals(2, r.code(), incomplete + ": " + r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(
          r.err().contains("does not name both a host and a database"),
          incomplete + ": " + r.err());
    }

    CliRun unreachable =
        loadlab(
            "ds2",
            "check",
            "--url",
            "jdbc:postgresql://127.0.0.1:1/ds2",
            "--password-file",
            pw.toString());
    assertEquals(3, unreachable.code(), unreachable.err());
    assertEquals(1, unreachable.err().strip().lines().count(), unreachable.err());
    assertTrue(unreachable.err().contains("cannot reach the database"), unreachable.err());
    assertFalse((unreachable.out() + unreachable.err()).contains("s3cret-pw"));

    CliRun badSize = loadlab("ds2", "load", "--db-size", "7TB");
    assertEquals(2, badSize.code());
    assertTrue(badSize.err().startsWith("loadlab: --db-size: '7TB' is not a DS2 size"));

    CliRun both = loadlab("ds2", "run", "--run-time", "1s", "--duration", "2s");
    assertEquals(2, both.code());
    assertTrue(both.err().contains("--run-time"), both.err());
  }
}
