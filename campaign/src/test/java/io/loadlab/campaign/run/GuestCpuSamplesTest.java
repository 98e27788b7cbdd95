package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A guest's CPU samples brought to this machine's clock, and their growth over a window. */
class GuestCpuSamplesTest {
  @TempDir Path dir;

  /** A {@code cpu} line: user nice system idle iowait irq softirq steal guest guest_nice. */
  private static String cpu(long user, long system, long steal) {
    return "cpu  " + user + " 0 " + system + " 900 5 1 1 " + steal + " 0 0";
  }

  @Test
  void theGuestsBusyTimeLeavesOutIdleIowaitAndStealAndFollowsItsOwnClock() {
    GuestCpuSamples s = new GuestCpuSamples();
    // The guest's clock is 5 s behind this machine's; its lines arrive 3 ms or more after.
    s.guestLine("clock 1000000000000 100.00", 0);
    s.guestLine("100.00 " + cpu(100, 50, 7), 1_000_000 + 5_003);
    s.guestLine("101.00 " + cpu(150, 70, 90), 1_001_000 + 5_050); // late: not the offset
    s.guestLine("102.00 " + cpu(200, 90, 91), 1_002_000 + 5_003);
    s.guestLine("102.5", 1_003_000 + 5_003); // cut short as the loop ends: ignored
    assertEquals(5_003, s.offsetMs(), 1e-6);
    // From 100.5 s to 101.5 s on the guest's clock: half of each second, 35 + 35 ticks busy.
    double from = 1_000_500 + 5_003;
    double to = 1_001_500 + 5_003;
    assertEquals(70 * GuestCpuSamples.NANOS_PER_TICK, s.guestNanos(from, to), 1);
    assertNull(s.guestNanos(from - 1000, to), "before the first sample: not measured");
  }

  @Test
  void theHostsTimeForTheDomainIsInterpolatedBetweenItsSamples() {
    GuestCpuSamples s = new GuestCpuSamples();
    s.hostSample(1000, 0, 0);
    s.hostSample(1100, 90_000_000, 60_000_000);
    s.hostSample(1200, 100_000_000, 70_000_000);
    assertEquals(90_000_000 - 45_000_000 + 5_000_000, s.hostNanos(1050, 1150), 1);
    assertEquals(30_000_000 + 5_000_000, s.vcpuNanos(1050, 1150), 1);
    assertNull(s.hostNanos(1050, 1250));
    assertNull(new GuestCpuSamples().offsetMs(), "no line from the guest: no clock");
  }

  private static final String OPS = "{\"rr\": {\"count\": 10}}";

  @Test
  void theMeasuredWindowIsTheNonWarmupIntervalsWithOperations() throws Exception {
    Files.writeString(
        dir.resolve("result.json"),
        """
        {"status": "ok", "intervals": [
          {"index": 1, "startEpochMs": 500, "endEpochMs": 1000, "warmup": false, "operations": {}},
          {"index": 2, "startEpochMs": 1000, "endEpochMs": 2000, "warmup": true, "operations": %s},
          {"index": 3, "startEpochMs": 2000, "endEpochMs": 3000, "warmup": false, "operations": %s},
          {"index": 4, "startEpochMs": 3000, "endEpochMs": 3900, "warmup": false, "operations": %s}]}
        """
            .formatted(OPS, OPS, OPS));
    assertArrayEquals(new double[] {2000, 3900}, GuestCpuSamples.window(dir));
    assertNull(GuestCpuSamples.window(dir.resolve("none")));
  }

  /**
   * A guest whose clock is this machine's, busy {@code busyTicks} a second, given {@code hostNs}.
   */
  private static GuestCpuSamples guest(long busyTicksPerSec, long hostNsPerSec) {
    GuestCpuSamples s = new GuestCpuSamples();
    s.guestLine("clock 1000000000 0", 0); // 1,000 ms at uptime 0
    for (int t = 0; t <= 4; t++) {
      s.guestLine(t + " " + cpu(t * busyTicksPerSec, 0, 0), 1000 + t * 1000);
      s.hostSample(1000 + t * 1000, t * hostNsPerSec, t * hostNsPerSec * 9 / 10);
    }
    return s;
  }

  private Manifest.RunEntry measured(Map<String, GuestCpuSamples> samples) throws Exception {
    Files.writeString(
        dir.resolve("result.json"),
        """
        {"intervals": [{"startEpochMs": 2000, "endEpochMs": 4000, "warmup": false, "operations": %s}]}
        """
            .formatted(OPS));
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.figures.put("count", 1000.0);
    String why =
        GuestCpu.measure(samples, r, List.of(dir), List.of(new Campaign.Client("c", Map.of())));
    if (why != null) {
      r.warnings = List.of(why);
    }
    return r;
  }

  @Test
  void perOperationTheGuestsOwnTimeTheHostsAndTheDifference() throws Exception {
    Map<String, GuestCpuSamples> samples = new LinkedHashMap<>();
    samples.put("c", guest(50, 600_000_000)); // 0.5 s a second its own, 0.6 s the host's
    samples.put("s", guest(20, 300_000_000));
    Manifest.RunEntry r = measured(samples);
    assertNull(r.warnings);
    // Over 2 s and 1,000 operations: (1.0 + 0.4) s own, (1.2 + 0.6) s the host's.
    assertEquals(1400, r.figures.get("guestCpuUsPerOp"), 1e-6);
    assertEquals(1800, r.figures.get("hostDomainCpuUsPerOp"), 1e-6);
    assertEquals(400, r.figures.get("hypervisorCpuUsPerOp"), 1e-6);
    assertEquals(1620, r.figures.get("hostVcpuCpuUsPerOp"), 1e-6);
    assertEquals(
        Map.of("guestMs", 1000.0, "hostMs", 1200.0, "vcpuMs", 1080.0, "seconds", 2.0),
        r.guestCpu.get("c"));
  }

  @Test
  void aGuestThatCountsMoreThanTheHostGaveItGetsNoHypervisorFigureButAWarning() throws Exception {
    Map<String, GuestCpuSamples> samples = new LinkedHashMap<>();
    samples.put("c", guest(90, 400_000_000)); // counted 0.9 s a second, given 0.4 s: starved
    Manifest.RunEntry r = measured(samples);
    assertEquals(1800, r.figures.get("guestCpuUsPerOp"), 1e-6);
    assertEquals(800, r.figures.get("hostDomainCpuUsPerOp"), 1e-6);
    assertNull(r.figures.get("hypervisorCpuUsPerOp"));
    assertTrue(
        r.warnings
            .get(0)
            .startsWith(
                "hypervisorCpuUsPerOp left out: the guests counted"
                    + " 1800 ms of CPU, more than the 800 ms"),
        r.warnings.toString());
  }
}
