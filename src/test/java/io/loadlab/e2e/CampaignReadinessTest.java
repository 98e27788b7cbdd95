package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose server is slowed down as on a busy lab machine (the whole campaign niced and
 * pinned to one CPU that a CPU burner keeps busy): the server is taken as ready only once it said
 * so, and the run against it passes.
 */
@Timeout(240)
class CampaignReadinessTest {
  @TempDir Path dir;

  @Test
  void aServerSlowedByABusyCpuIsReadyWhenItSaysSo() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: slow
        iterations: 1
        configurations:
          - name: busy
            services: [{run: net serve, options: {port: %d}, ready-port: %d, ready-timeout: 3m}]
        steps:
          - {run: net rr, options: {host: 127.0.0.1, port: %d, duration: 1s, interval: 500ms}}
        """
            .formatted(port, port, port));
    String cpu = String.valueOf(Runtime.getRuntime().availableProcessors() - 1);
    Process burner =
        new ProcessBuilder("taskset", "-c", cpu, "sh", "-c", "while :; do :; done").start();
    Path out = dir.resolve("out");
    Path log = dir.resolve("campaign.log");
    try {
      List<String> cmd = new ArrayList<>(List.of("nice", "-n", "5", "taskset", "-c", cpu));
      cmd.addAll(ChildJvm.command("campaign", "run", file.toString(), "--output", out.toString()));
      Process p =
          new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      assertTrue(p.waitFor(200, TimeUnit.SECONDS), "the campaign ends: " + ChildJvm.text(log));
      assertEquals(0, p.exitValue(), ChildJvm.text(log));
    } finally {
      burner.destroyForcibly();
      burner.waitFor(10, TimeUnit.SECONDS);
    }
    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    assertEquals("ok", m.get("runs").get(0).get("status").asText(), m.toString());
    String serviceLog =
        Files.readString(out.resolve("configurations").resolve("busy-service-1.log"));
    assertTrue(serviceLog.contains("listening on"), "the server said it was ready: " + serviceLog);
  }
}
