package io.loadlab.cli.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.results.RunFigures;
import io.loadlab.cli.CliRun;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * netperf's own figures from real loopback runs: netperf latency (users ÷ rate) beside the measured
 * mean for rr and crr, CPU per MB for streams, each in result.json, agreeing with the totals, and
 * named for what it is in the console, summary.md and report.html.
 */
@Timeout(60)
class NetperfFiguresCliTest {
  @TempDir Path dir;

  private CliRun run(String... args) {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--duration", "1s", "--interval", "500ms", "--output", dir.toString()));
    CliRun r = CliRun.of(all.toArray(String[]::new));
    assertEquals(0, r.code(), r.out() + r.err());
    return r;
  }

  private void assertNetperfLatency(CliRun r, String operation, int users) throws Exception {
    RunResult result = ResultJson.read(dir.resolve("result.json"));
    OperationStats s = result.totals().get(operation);
    Double latency = result.figures().get("netperfLatencyUs users=" + users);
    assertNotNull(latency, result.figures().toString());
    double expected = users / s.ratePerSec() * 1e6;
    assertEquals(expected, latency, expected * 1e-3, "users ÷ rate");
    String line =
        operation
            + ": netperf latency (users ÷ rate): "
            + io.loadlab.core.util.Numbers.format(latency)
            + " µs; mean latency (measured, per transaction): ";
    assertTrue(r.out().contains(line), r.out());
    String md = Files.readString(dir.resolve("summary.md"));
    assertTrue(md.contains("- " + line), md);
    assertTrue(md.contains("the time between transactions on the client and the server"), md);
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("netperf latency (users ÷ rate)"), "labelled in report.html");
    assertTrue(html.contains("mean latency (measured, per transaction)"), "beside the mean");
    // The campaign reads it under a key without spaces.
    RunFigures f = RunFigures.read(dir, null);
    assertEquals(latency, f.figures().get("netperfLatencyUs"), 1e-9);
  }

  @Test
  void tcpRrRecordsNetperfLatencyBesideTheMeasuredMean() throws Exception {
    CliRun r = run("net", "rr", "--users", "2", "--quiet");
    assertNetperfLatency(r, "rr users=2", 2);
    assertFalse(
        ResultJson.read(dir.resolve("result.json")).figures().keySet().stream()
            .anyMatch(k -> k.startsWith("cpuUsPerMB")),
        "no CPU per MB for rr");
  }

  @Test
  void udpRrAndCrrRecordItToo() throws Exception {
    CliRun udp = run("net", "rr", "--protocol", "udp", "--users", "2", "--quiet");
    assertNetperfLatency(udp, "rr users=2", 2);
    CliRun crr = run("net", "crr", "--users", "1", "--quiet");
    assertNetperfLatency(crr, "crr users=1", 1);
  }

  @Test
  void pacedRrHasNoNetperfLatencyAndSaysWhy() throws Exception {
    CliRun r =
        run("net", "rr", "--users", "2", "--rate", "200", "--rate-tolerance", "10%", "--quiet");
    RunResult result = ResultJson.read(dir.resolve("result.json"));
    assertNull(result.figures().get("netperfLatencyUs users=2"), result.figures().toString());
    assertTrue(r.out().contains("netperf latency (users ÷ rate): not given with --rate"), r.out());
    assertTrue(Files.readString(dir.resolve("summary.md")).contains("With --rate there is no"));
  }

  @Test
  void streamReportsCpuPerMegabyteInsteadOfPerOperation() throws Exception {
    // netperf's TCP_STREAM: back-to-back one-way writes of 1 MB.
    CliRun r = run("net", "stream", "--request", "1000000", "--response", "0", "--quiet");
    RunResult result = ResultJson.read(dir.resolve("result.json"));
    OperationStats s = result.totals().get("stream users=1");
    CpuCost c = s.cpu();
    assertNotNull(c.hostUsPerOp(), "per operation stays in the totals");
    Double perMB = result.figures().get("cpuUsPerMB users=1");
    assertNotNull(perMB, result.figures().toString());
    double megabytesPerOp = s.bytesPerSec() / s.ratePerSec() / 1e6;
    assertEquals(1.0, megabytesPerOp, 0.01, "a 1 MB write moves 1 MB");
    assertEquals(c.hostUsPerOp() / megabytesPerOp, perMB, perMB * 1e-9, "host CPU ÷ MB");
    assertNull(result.figures().get("netperfLatencyUs users=1"), "no latency for a stream");
    assertTrue(r.out().contains("cpu us/MB client/host/server"), r.out());
    assertFalse(r.out().contains("cpu us/op"), r.out());
    String md = Files.readString(dir.resolve("summary.md"));
    assertTrue(md.contains("- stream users=1: client host CPU per MB: "), md);
    assertTrue(md.contains("CPU is client/host/server per MB moved"), md);
    assertTrue(md.contains("netperf's service demand"), md);
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("CPU host (µs/MB)") && !html.contains("CPU host (µs/op)"), "html");
    assertEquals(perMB, RunFigures.read(dir, null).figures().get("cpuUsPerMB"), 1e-9);
  }
}
