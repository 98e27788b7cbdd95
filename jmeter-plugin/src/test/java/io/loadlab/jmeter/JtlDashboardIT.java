package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.Exporters;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JTL written by loadlab's exporter renders as a JMeter HTML dashboard with the real JMeter
 * ({@code jmeter -g run.jtl -o dir}), and the dashboard counts what loadlab counted.
 */
@Timeout(180)
class JtlDashboardIT {
  @TempDir Path dir;

  @Test
  void jmeterRendersALoadlabJtlWithTheSameCounts() throws Exception {
    Path jtl = dir.resolve("run.jtl");
    Recorder recorder = new Recorder();
    RunInfo info =
        new RunInfo("t", "net rr", null, "test", Map.of(), EnvironmentInfo.current(), null);
    RunResult result;
    try (RunRecording recording =
        RunRecording.start(
            info,
            recorder,
            Exporters.open(
                new ExportOptions(null, null, null, jtl, null, null, null, true),
                recorder,
                "net rr"),
            Duration.ofMillis(200))) {
      recorder.userStarted();
      for (int i = 0; i < 3000; i++) {
        recorder.operation("rr users=1").success(200_000L + i * 1_000L, 200, 1000);
        if (i % 100 == 0) {
          recorder.operation("crr users=1").failure(5_000_000L, "java.net.ConnectException");
        }
      }
      result = recording.finish(new RunControl());
    }

    Path dashboard = dir.resolve("dashboard");
    Path log = dir.resolve("jmeter-g.log");
    int code =
        RealJMeter.installed()
            .run(
                List.of("-g", jtl.toString(), "-o", dashboard.toString(), "-j", log + ".jmeter"),
                log,
                Duration.ofSeconds(150));
    assertEquals(0, code, Files.readString(log));
    assertTrue(Files.exists(dashboard.resolve("index.html")));
    JsonNode stats = ResultJson.mapper().readTree(dashboard.resolve("statistics.json").toFile());
    assertEquals(
        result.totals().get("rr users=1").count(),
        stats.get("rr users=1").get("sampleCount").asLong());
    assertEquals(30, stats.get("crr users=1").get("errorCount").asLong());
    assertEquals(3030, stats.get("Total").get("sampleCount").asLong());
  }
}
