package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadlab database} as a user runs it: a child JVM serving the embedded PostgreSQL on every
 * address, a given port and data directory, printing the JDBC URL but never the password; the user
 * logs in with the password from an address other than the trusted loopback one, a wrong password
 * is refused; SIGTERM stops PostgreSQL (the port closes) and a restart on the same data directory
 * finds what was written. Bad options are refused before anything starts.
 */
@Timeout(180)
class DatabaseServeTest {
  private static final Pattern URL = Pattern.compile("--target (jdbc:postgresql://\\S+)");

  @TempDir Path dir;

  @Test
  void servesUntilSigtermAndKeepsItsDataDirectory() throws Exception {
    Path pw = dir.resolve("db.password");
    Files.writeString(pw, "s3cret-Pw\n");
    Path data = dir.resolve("pg");
    int port = freePort();
    String url = serve(data, port, pw, "first.log", true);
    assertTrue(url.startsWith("jdbc:postgresql://127.0.0.1:" + port + "/ds2"), url);
    // From 127.0.0.2, not the loopback address the embedded server trusts: a password login
    // (SCRAM).
    String other = url + "?localSocketAddress=127.0.0.2";
    try (Connection c = DriverManager.getConnection(other, "lab", "s3cret-Pw")) {
      assertTrue(c.isValid(5));
    }
    SQLException wrong =
        assertThrows(
            SQLException.class, () -> DriverManager.getConnection(other, "lab", "wrong").close());
    assertTrue(wrong.getMessage().contains("password authentication failed"), wrong.getMessage());
    try (Connection c = DriverManager.getConnection(url, "lab", "s3cret-Pw");
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE kept (v int)");
      s.execute("INSERT INTO kept VALUES (42)");
    }
    stop("first.log");
    assertEquals(143, server.exitValue(), "SIGTERM's exit code");
    assertTrue(
        ChildJvm.text(dir.resolve("first.log")).contains("loadlab database: stopped by SIGTERM"),
        ChildJvm.text(dir.resolve("first.log")));
    assertFalse(listening(port), "PostgreSQL stopped with the command");

    serve(data, port, pw, "second.log", false);
    try (Connection c = DriverManager.getConnection(url, "lab", "s3cret-Pw");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT v FROM kept")) {
      assertTrue(rs.next());
      assertEquals(42, rs.getInt(1), "the data directory was kept");
    }
    stop("second.log");
    for (String log : List.of("first.log", "second.log")) {
      assertFalse(ChildJvm.text(dir.resolve(log)).contains("s3cret"), "no password in " + log);
    }
  }

  @Test
  void theHostsOfATrustedNetworkLogInWithoutAPassword() throws Exception {
    // A guest lab's bridge in small: 127.0.0.2 stands for the trusted network's hosts, 127.0.0.3
    // for any other (neither is the loopback address the embedded server trusts anyway).
    Path data = dir.resolve("pg");
    Path logFile = dir.resolve("trust.log");
    server =
        ChildJvm.start(
            List.of(),
            logFile,
            "database",
            "--port",
            String.valueOf(freePort()),
            "--data-dir",
            data.toString(),
            "--host",
            "0.0.0.0",
            "--trust-network",
            "127.0.0.2/32");
    assertTrue(
        ChildJvm.await(
            Duration.ofSeconds(120),
            () -> URL.matcher(ChildJvm.text(logFile)).find() || !server.isAlive()),
        ChildJvm.text(logFile));
    Matcher m = URL.matcher(ChildJvm.text(logFile));
    assertTrue(m.find() && server.isAlive(), ChildJvm.text(logFile));
    assertTrue(ChildJvm.text(logFile).contains("without a password from 127.0.0.2/32"));
    String url = m.group(1);
    try (Connection c =
        DriverManager.getConnection(url + "?localSocketAddress=127.0.0.2", "postgres", "")) {
      assertTrue(c.isValid(5));
    }
    SQLException other =
        assertThrows(
            SQLException.class,
            () ->
                DriverManager.getConnection(url + "?localSocketAddress=127.0.0.3", "postgres", "")
                    .close());
    assertTrue(other.getMessage().contains("pg_hba.conf"), other.getMessage());
    stop("trust.log");
  }

  @Test
  void badOptionsAreRefusedBeforeAnythingStarts() throws Exception {
    for (String[] bad :
        List.of(
            new String[] {"10.231.70.0", "is not ADDRESS/BITS"},
            new String[] {"lab.example/24", "is not ADDRESS/BITS"},
            new String[] {"10.231.70.0/0", "/0 is not a network of 10.231.70.0"},
            new String[] {"10.231.70.0/33", "/33 is not a network"})) {
      CliRun r =
          CliRun.of(
              "database",
              "--host",
              "0.0.0.0",
              "--trust-network",
              bad[0],
              "--data-dir",
              dir.resolve("never").toString());
      assertEquals(2, r.code(), r.err());
      assertTrue(r.err().contains("--trust-network: ") && r.err().contains(bad[1]), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
    }
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    CliRun noPassword = CliRun.of("database", "--host", "0.0.0.0", "--port", "0");
    assertEquals(2, noPassword.code(), noPassword.err());
    assertTrue(noPassword.err().contains("--host: listening on 0.0.0.0 needs a password"));
    CliRun dataFile = CliRun.of("database", "--data-dir", file.toString());
    assertEquals(2, dataFile.code(), dataFile.err());
    assertTrue(dataFile.err().contains("--data-dir"), dataFile.err());
    try (ServerSocket busy = new ServerSocket(0)) {
      CliRun inUse =
          CliRun.of(
              "database",
              "--port",
              String.valueOf(busy.getLocalPort()),
              "--data-dir",
              dir.resolve("never").toString());
      assertEquals(2, inUse.code(), inUse.err());
      assertTrue(inUse.err().contains("is in use"), inUse.err());
    }
    assertFalse(Files.exists(dir.resolve("never")), "nothing was created");
  }

  private Process server;

  private String serve(Path data, int port, Path pw, String log, boolean fresh) throws Exception {
    Path logFile = dir.resolve(log);
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "database",
                "--port",
                String.valueOf(port),
                "--data-dir",
                data.toString(),
                "--host",
                "0.0.0.0",
                "--user",
                "lab",
                "--password-file",
                pw.toString()));
    if (fresh) {
      args.add("--fresh");
    }
    server = ChildJvm.start(List.of(), logFile, args.toArray(String[]::new));
    String[] url = new String[1];
    assertTrue(
        ChildJvm.await(
            Duration.ofSeconds(120),
            () -> {
              Matcher m = URL.matcher(ChildJvm.text(logFile));
              if (m.find()) {
                url[0] = m.group(1);
                return true;
              }
              return !server.isAlive();
            }),
        "serving: " + ChildJvm.text(logFile));
    assertTrue(server.isAlive(), ChildJvm.text(logFile));
    return url[0];
  }

  private void stop(String log) throws Exception {
    server.destroy(); // SIGTERM
    assertTrue(server.waitFor(60, TimeUnit.SECONDS), ChildJvm.text(dir.resolve(log)));
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static boolean listening(int port) {
    try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
