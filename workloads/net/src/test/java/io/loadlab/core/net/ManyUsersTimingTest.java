package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.results.Warning;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.workload.UserLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A thousand users beside a CPU burner, as on a busy load generator: the measured window and the
 * intervals must keep the run's clock (or the run must say which window it measured), and the
 * users' fairness figures must be reported. No rate is asserted: the machine may be busy.
 */
@Timeout(180)
class ManyUsersTimingTest {
  private static final int USERS = 1_000;
  private static final Duration WINDOW = Duration.ofSeconds(3);
  private static final Duration INTERVAL = Duration.ofSeconds(1);

  @Test
  void aThousandUsersBesideACpuBurnerKeepTheWindowAndReportFairness() throws Exception {
    try {
      UserLimits.ofThisProcess().check(USERS, 2, true);
    } catch (UsageException e) {
      assumeTrue(false, "this machine cannot open the users: " + e.getMessage());
    }
    AtomicBoolean burning = new AtomicBoolean(true);
    List<Thread> burners = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Thread t = new Thread(() -> burn(burning), "cpu-burner-" + i);
      t.setDaemon(true);
      t.start();
      burners.add(t);
    }
    RunResult r;
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      r = run(server);
    } finally {
      burning.set(false);
      for (Thread t : burners) {
        t.join();
      }
    }

    assertNotEquals(RunStatus.FAILED, r.status(), r.statusReason());
    String at = " users=" + USERS;
    OperationStats rr = r.totals().get("rr" + at);
    assertNotNull(rr, "the point was measured");
    assertTrue(rr.count() > 0, "transactions ran");

    // The window: the one asked for (2% or 100 ms), or the run says which one it measured.
    double asked = WINDOW.toMillis() / 1e3;
    boolean held = Math.abs(rr.durationSec() - asked) <= Math.max(0.02 * asked, 0.1);
    Warning window = warning(r, "window-not-held");
    assertTrue(
        held || (window != null && window.message().contains("measured window")),
        "measured " + rr.durationSec() + " s for " + asked + " s, and no warning says so");

    // The measured intervals: each within 10% of the period, or the window's warning flags it.
    List<IntervalSample> measured = r.intervals().stream().filter(i -> !i.warmup()).toList();
    assertTrue(!measured.isEmpty(), "measured intervals reported");
    for (IntervalSample i : measured) {
      boolean onTime = Math.abs(i.seconds() - 1.0) <= 0.1;
      assertTrue(
          onTime || window != null,
          "interval " + i.index() + " ran " + i.seconds() + " s and nothing flags it");
    }
    double sum = measured.stream().mapToDouble(IntervalSample::seconds).sum();
    assertEquals(rr.durationSec(), sum, 0.01 * measured.size(), "the window is its intervals");

    // Fairness: the spread of transactions per user, the longest wait to be run and to complete.
    Map<String, Double> f = r.figures();
    for (String name :
        List.of(
            "userTxMin",
            "userTxMedian",
            "userTxMax",
            "userTxCv",
            "userWaitMaxMs",
            "userIdleMaxMs")) {
      assertNotNull(f.get(name + at), name + at + " reported in " + f.keySet());
    }
    assertTrue(f.get("userTxMin" + at) <= f.get("userTxMedian" + at));
    assertTrue(f.get("userTxMedian" + at) <= f.get("userTxMax" + at));
    // A starved user is said in the warnings and the status reason, without failing the run.
    Warning starved = warning(r, "user-starved");
    if (starved != null) {
      assertTrue(r.statusReason() != null && r.statusReason().contains("user starved"));
    }
  }

  private static RunResult run(NetServer server) throws Exception {
    NetSettings settings =
        new NetSettings(
            NetWorkload.RR,
            "127.0.0.1",
            server.port(),
            List.of(USERS),
            List.of(1),
            List.of(1),
            NetSocketOptions.DEFAULTS,
            0,
            Duration.ofSeconds(20),
            true);
    RunTiming timing = new RunTiming(WINDOW, Duration.ZERO, INTERVAL);
    RunInfo info =
        new RunInfo(
            "test", "net", null, "test", settings.describe(), EnvironmentInfo.current(), null);
    RunControl control = new RunControl();
    try (NetDriver driver = NetDriver.connect(settings);
        RunRecording recording =
            RunRecording.start(info, new Recorder(), List.of(), timing.interval())) {
      driver.run(timing, recording, control);
      return recording.finish(control);
    }
  }

  private static Warning warning(RunResult r, String kind) {
    if (r.warnings() == null) {
      return null;
    }
    return r.warnings().stream().filter(w -> w.kind().equals(kind)).findFirst().orElse(null);
  }

  private static void burn(AtomicBoolean burning) {
    long x = 0;
    while (burning.get()) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    if (x == 42) {
      System.out.print("");
    }
  }
}
