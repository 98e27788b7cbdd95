package io.loadlab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The driver benchmarks go to the systems named by {@code -Dloadlab.*} properties instead of
 * starting embedded ones: a responder started here serves every transaction, and a broker or
 * database on a closed port makes the benchmark fail as unreachable.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class TargetsTest {

  @AfterEach
  void clearProperties() {
    System.clearProperty(Targets.NET);
    System.clearProperty(Targets.BROKER);
    System.clearProperty(Targets.JDBC);
  }

  private static Collection<RunResult> run(String benchmark) throws RunnerException {
    return new Runner(
            new OptionsBuilder()
                .include(benchmark)
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .param("size", "8")
                .shouldFailOnError(true)
                .build())
        .run();
  }

  @Test
  void netBenchUsesTheNamedResponder() throws Exception {
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      System.setProperty(Targets.NET, "127.0.0.1:" + server.port());
      Collection<RunResult> results = run("io.loadlab.jmh.net.NetBench.rr$");
      assertEquals(1, results.size());
      long samples = results.iterator().next().getPrimaryResult().getSampleCount();
      assertTrue(samples > 0, "no samples");
      assertTrue(
          server.stats().transactions() >= samples,
          server.stats().transactions() + " served for " + samples + " samples");
    }
  }

  @Test
  void amqpBenchFailsOnAnUnreachableBroker() throws Exception {
    System.setProperty(Targets.BROKER, "amqp://127.0.0.1:" + closedPort());
    RunnerException e =
        assertThrows(RunnerException.class, () -> run("io.loadlab.jmh.amqp.AmqpRoundTripBench"));
    assertTrue(causedBy(e, UnreachableTargetException.class), describe(e));
  }

  @Test
  void ds2BenchFailsOnAnUnreachableDatabase() throws Exception {
    System.setProperty(Targets.JDBC, "jdbc:postgresql://127.0.0.1:" + closedPort() + "/ds2");
    RunnerException e =
        assertThrows(RunnerException.class, () -> run("io.loadlab.jmh.ds2.Ds2Bench.login"));
    assertTrue(causedBy(e, UnreachableTargetException.class), describe(e));
  }

  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
      for (Throwable s : t.getSuppressed()) {
        if (causedBy(s, type)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t).append(" <- ");
    }
    return sb.toString();
  }
}
