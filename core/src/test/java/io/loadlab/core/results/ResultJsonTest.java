package io.loadlab.core.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultJsonTest {
  static RunResult sample() {
    Histogram h = new Histogram(3);
    for (int i = 1; i <= 1000; i++) {
      h.recordValue(i * 1_000L);
    }
    LatencySummary latency = LatencySummary.ofNanos(h);
    OperationStats rr =
        new OperationStats(
            1000,
            2,
            10,
            100,
            1200,
            200_000,
            1_000_000,
            latency,
            new CpuCost(12.5, 20.0, null),
            Map.of("java.io.EOFException", 2L),
            Map.of("users", "10"));
    Map<String, OperationStats> ops = new LinkedHashMap<>();
    ops.put("rr users=10", rr);
    return new RunResult(
        "0.1.0",
        "net rr",
        "baseline",
        "loadlab net rr --users 10",
        Map.of("users", List.of(10)),
        EnvironmentInfo.current(),
        Map.of("network", "bridged"),
        "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:10Z",
        RunStatus.FAILED,
        "2 of 1000 operations failed",
        Map.of("transfersPerSec", 100.0),
        ops,
        List.of(new IntervalSample(1, 0, 10_000, "users=10", false, ops)),
        List.of(new Problem("rr users=10: java.io.EOFException", 2, "rr failed")));
  }

  @Test
  void roundTripsExactly() throws Exception {
    RunResult original = sample();
    RunResult back = ResultJson.fromJson(ResultJson.toJson(original));
    assertEquals(original, back);
  }

  @Test
  void stableNamesScriptsRelyOn() throws Exception {
    JsonNode json = ResultJson.mapper().readTree(ResultJson.toJson(sample()));
    assertEquals("net rr", json.get("workload").asText());
    assertEquals("failed", json.get("status").asText());
    JsonNode rr = json.get("totals").get("rr users=10");
    for (String name : List.of("count", "errors", "ratePerSec", "bytesPerSec", "latencyUs")) {
      assertTrue(rr.has(name), name);
    }
    for (String name : List.of("mean", "p50", "p90", "p99", "p999", "max")) {
      assertTrue(rr.get("latencyUs").has(name), name);
    }
    assertTrue(json.get("intervals").isArray());
    assertEquals(500.0, rr.get("latencyUs").get("p50").asDouble(), 1.0);
  }

  @Test
  void writesAtomicallyAndReadsBack(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("sub/result.json");
    ResultJson.write(sample(), f);
    assertEquals(sample(), ResultJson.read(f));
    try (var files = Files.list(f.getParent())) {
      assertEquals(1, files.count(), "no temporary file left behind");
    }
  }
}
