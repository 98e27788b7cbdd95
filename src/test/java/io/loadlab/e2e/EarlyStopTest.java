package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.loadlab.cli.CliRun;
import io.loadlab.cli.campaign.CampaignJmeterTest;
import io.loadlab.core.database.EmbeddedPostgresServer;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every load command as a user starts it, stopped at a random moment in the first two seconds after
 * its output directory appears (when it may still be starting its broker's connections, its users,
 * or its recording), beside a CPU burner: SIGINT and SIGTERM leave a result.json that says {@code
 * aborted} and why, with exit code 130 or 143; SIGKILL leaves one that says {@code running}. The
 * directory never exists without a result.json, and no staging directory is left beside it.
 *
 * <p>{@code -Dloadlab.earlystop.rounds=N} runs each workload and signal N times (default 1: 21
 * stops, about three minutes on a busy machine) and {@code -Dloadlab.earlystop.seed=S} repeats a
 * failed set of stop times.
 */
@Timeout(900)
class EarlyStopTest {
  private static final int ROUNDS = Integer.getInteger("loadlab.earlystop.rounds", 1);
  private static final long SEED = Long.getLong("loadlab.earlystop.seed", System.nanoTime());

  /** Children running at once: the stops land while other JVMs start and stop beside them. */
  private static final int AT_ONCE = 3;

  @TempDir Path dir;

  private record Try(String workload, List<String> args, String signal, long delayMs, Path out) {}

  private record Outcome(Try t, int exit, String log, RunResult result, boolean hidden) {}

  @Test
  void aRunStoppedAnyTimeAfterItsDirectoryAppearsLeavesAResult() throws Exception {
    try (EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(dir.resolve("pg"), true)) {
      pg.createDatabaseIfAbsent("ds2");
      String url = pg.jdbcUrl("ds2");
      CliRun load =
          CliRun.of("ds2", "load", "--db-size", "1MB", "--url", url, "--user", "postgres");
      assertEquals(0, load.code(), load.out() + load.err());

      String plan = CampaignJmeterTest.PLAN.toString();
      String jmeterHome = CampaignJmeterTest.jmeterHome().toString();
      List<List<String>> workloads =
          List.of(
              // JMeter's own debug plan, 300 loops 10 ms apart: its JMeter ends by itself soon
              // after a SIGKILL of loadlab leaves it running.
              List.of(
                  "jmeter",
                  "run",
                  "--plan",
                  plan,
                  "--jmeter",
                  jmeterHome,
                  "--property",
                  "loops=300",
                  "--property",
                  "think=10"),
              List.of("net", "rr", "--users", "2", "--duration", "60s"),
              List.of("net", "crr", "--users", "2", "--duration", "60s"),
              List.of("net", "stream", "--duration", "60s"),
              List.of("amqp", "throughput", "--count", "100000000", "--size", "64"),
              List.of("amqp", "latency", "--duration", "60s"),
              List.of(
                  "ds2",
                  "run",
                  "--db-size",
                  "1MB",
                  "--url",
                  url,
                  "--user",
                  "postgres",
                  "--threads",
                  "2",
                  "--run-time",
                  "60s"));
      Random random = new Random(SEED);
      List<Try> tries = new ArrayList<>();
      int n = 0;
      for (int round = 0; round < ROUNDS; round++) {
        for (List<String> w : workloads) {
          for (String signal : List.of("INT", "TERM", "KILL")) {
            // Every other stop comes within a tenth of a second: the moments right after the
            // directory appears, when the run is still being set up.
            long delay = random.nextInt(n % 2 == 0 ? 100 : 2000);
            List<String> args = new ArrayList<>(w);
            Path out = dir.resolve("runs").resolve("run-" + n++);
            if (!w.get(0).equals("jmeter")) {
              args.addAll(List.of("--interval", "200ms"));
            }
            args.addAll(List.of("--quiet", "--output", out.toString()));
            tries.add(new Try(w.get(0) + " " + w.get(1), args, signal, delay, out));
          }
        }
      }
      java.util.Collections.shuffle(tries, random);

      AtomicBoolean burning = new AtomicBoolean(true);
      Thread burner = new Thread(() -> burn(burning), "burner");
      burner.setDaemon(true);
      burner.start();
      ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE);
      List<Outcome> outcomes = new ArrayList<>();
      try {
        List<Future<Outcome>> futures = new ArrayList<>();
        for (Try t : tries) {
          futures.add(pool.submit(() -> stop(t)));
        }
        for (Future<Outcome> f : futures) {
          outcomes.add(f.get(10, TimeUnit.MINUTES));
        }
      } finally {
        burning.set(false);
        pool.shutdownNow();
      }

      List<String> failures = new ArrayList<>();
      for (Outcome o : outcomes) {
        String problem = check(o);
        if (problem != null) {
          failures.add(
              o.t().workload()
                  + " SIG"
                  + o.t().signal()
                  + " at +"
                  + o.t().delayMs()
                  + " ms: "
                  + problem
                  + "\n"
                  + o.log());
        }
      }
      if (!failures.isEmpty()) {
        fail(
            failures.size()
                + " of "
                + outcomes.size()
                + " stopped runs (seed "
                + SEED
                + "):\n"
                + String.join("\n", failures));
      }
    }
  }

  /** Why an outcome is wrong, or null. */
  private static String check(Outcome o) {
    String signal = o.t().signal();
    if (o.result() == null) {
      return "no readable result.json (exit " + o.exit() + ")";
    }
    if (o.hidden()) {
      return "a staging directory was left beside the run's";
    }
    String workload = o.t().workload().equals("jmeter run") ? "jmeter" : o.t().workload();
    if (!workload.equals(o.result().workload())) {
      return "result.json names workload " + o.result().workload();
    }
    if (o.log().contains("Shutdown in progress")) {
      return "the JVM refused to stop the run properly";
    }
    if (signal.equals("KILL")) {
      if (o.exit() != 137) {
        return "exit " + o.exit() + " after SIGKILL";
      }
      return o.result().status() == RunStatus.RUNNING
          ? null
          : "status " + o.result().status() + " after SIGKILL";
    }
    int expected = signal.equals("INT") ? 130 : 143;
    if (o.exit() != expected) {
      return "exit " + o.exit() + ", not " + expected;
    }
    if (o.result().status() != RunStatus.ABORTED) {
      return "status " + o.result().status() + ": " + o.result().statusReason();
    }
    if (!("stopped by SIG" + signal).equals(o.result().statusReason())) {
      return "reason " + o.result().statusReason();
    }
    return null;
  }

  private Outcome stop(Try t) throws Exception {
    Path log = t.out().resolveSibling(t.out().getFileName() + ".log");
    Files.createDirectories(t.out().getParent());
    Process p = ChildJvm.start(List.of(), log, t.args().toArray(String[]::new));
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      while (!Files.isDirectory(t.out())) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          return new Outcome(t, -1, "never made its directory: " + ChildJvm.text(log), null, false);
        }
        Thread.sleep(2);
      }
      Thread.sleep(t.delayMs());
      new ProcessBuilder("kill", "-" + t.signal(), String.valueOf(p.pid()))
          .inheritIO()
          .start()
          .waitFor();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        return new Outcome(t, -1, "did not stop: " + ChildJvm.text(log), null, false);
      }
    } finally {
      p.destroyForcibly();
      p.waitFor(30, TimeUnit.SECONDS);
      // What it started and left behind when killed (jmeter run's JMeter): named by its directory.
      String mine = t.out().toString();
      ProcessHandle.allProcesses()
          .filter(h -> h.info().commandLine().map(c -> c.contains(mine)).orElse(false))
          .forEach(ProcessHandle::destroyForcibly);
    }
    RunResult result = null;
    try {
      result = ResultJson.read(t.out().resolve("result.json"));
    } catch (Exception e) {
      // reported by check
    }
    boolean hidden;
    String staged = "." + t.out().getFileName() + ".";
    try (Stream<Path> files = Files.list(t.out().getParent())) {
      hidden = files.anyMatch(f -> f.getFileName().toString().startsWith(staged));
    }
    return new Outcome(t, p.exitValue(), ChildJvm.text(log), result, hidden);
  }

  private static void burn(AtomicBoolean burning) {
    long x = 0;
    while (burning.get()) {
      for (int i = 0; i < 1_000_000; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
    }
    sink = x; // so the loop is not optimised away
  }

  private static volatile long sink;
}
