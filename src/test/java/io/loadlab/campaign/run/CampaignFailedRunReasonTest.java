package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.campaign.results.RunFigures;
import io.loadlab.cli.CliRun;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose runs fail before they start (no broker at the address): each run's reason is the
 * run's own, as its result.json or its log's last error line gives it, never that a file is
 * missing.
 */
@Timeout(180)
class CampaignFailedRunReasonTest {
  @TempDir Path dir;

  @Test
  void aRunThatCouldNotReachItsBrokerSaysSoInTheCampaign() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: nobroker
        configurations:
          - {name: nobroker}
        steps:
          - name: lat
            run: amqp latency
            options: {broker: "amqp://127.0.0.1:%d", duration: 1s}
        """
            .formatted(port));
    Path out = dir.resolve("out");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertNotEquals(0, run.code(), run.out() + run.err());
    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    String reason = m.get("runs").get(0).get("reason").asText();
    assertTrue(reason.contains("cannot reach the AMQP broker at amqp://127.0.0.1:" + port), reason);
    assertFalse(reason.contains("no result.json"), reason);
    assertFalse(reason.contains("without a result"), reason);
    assertFalse(run.out().contains("no result.json"), run.out());
  }

  @Test
  void withoutAResultTheReasonIsTheLogsLastErrorLine() throws Exception {
    Path runDir = dir.resolve("runs/c/s/1");
    Files.createDirectories(runDir);
    Files.writeString(
        runDir.resolveSibling("1.log"),
        "loadlab: cannot reach the AMQP broker at amqp://127.0.0.1:1 (refused); start one\n"
            + "some trailing output\n\n");
    RunFigures f = RunFigures.read(runDir, null);
    assertEquals("failed", f.status());
    assertNull(f.reason(), "no reason of its own");
    assertEquals(
        "cannot reach the AMQP broker at amqp://127.0.0.1:1 (refused); start one",
        RunOutcome.lastLine(runDir));
  }
}
