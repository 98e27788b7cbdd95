package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign's children belong to it: SIGKILLed while a run and a server are going, it leaves
 * neither behind (each ends itself once the campaign is gone); and a resumed campaign first stops a
 * recorded child still alive, and says so.
 */
@Timeout(150)
class CampaignChildrenTest {
  @TempDir Path dir;

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static JsonNode children(Path out) {
    try {
      return new ObjectMapper().readTree(out.resolve("children.json").toFile());
    } catch (IOException e) {
      return null;
    }
  }

  @Test
  void sigkillOfTheCampaignLeavesNoRunAndNoServerBehind() throws Exception {
    int port = freePort();
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: children
        configurations:
          - name: a
            services: [{run: net serve, options: {port: %d}, ready-port: %d}]
        steps:
          - {run: net rr, options: {host: 127.0.0.1, port: %d, duration: 60s, interval: 500ms}}
        """
            .formatted(port, port, port));
    Path out = dir.resolve("out");
    Process campaign =
        ChildJvm.start(
            List.of(),
            dir.resolve("campaign.log"),
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString());
    List<Long> pids = new ArrayList<>();
    try {
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(90),
              () -> {
                JsonNode c = children(out);
                return c != null && c.size() == 2;
              }),
          "a server and a run recorded: " + ChildJvm.text(dir.resolve("campaign.log")));
      JsonNode recorded = children(out);
      List<String> roles = new ArrayList<>();
      for (JsonNode c : recorded) {
        pids.add(c.get("pid").asLong());
        roles.add(c.get("role").asText());
        assertTrue(c.get("startTime").asText().length() > 10, c.toString());
        assertTrue(c.get("command").asText().contains("io.loadlab.cli.Main"), c.toString());
        assertEquals("here", c.get("machine").asText());
      }
      assertEquals(List.of("service", "run"), roles);
    } finally {
      campaign.destroyForcibly(); // SIGKILL
      campaign.waitFor(10, TimeUnit.SECONDS);
    }
    for (long pid : pids) {
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(30),
              () -> ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true)),
          "child " + pid + " ended itself after the campaign was killed");
    }
    try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      assertEquals(port, again.getLocalPort(), "the server's port is free again");
    }
  }

  @Test
  void aResumedCampaignFirstStopsARecordedChildStillAlive() throws Exception {
    Path out = dir.resolve("out2");
    Files.createDirectories(out);
    Process leftover = new ProcessBuilder("sleep", "300").start();
    try {
      ProcessHandle h = leftover.toHandle();
      String start = h.info().startInstant().orElseThrow().toString();
      Files.writeString(
          out.resolve("children.json"),
          "[{\"pid\": %d, \"startTime\": \"%s\", \"command\": \"sleep 300\", \"machine\": \"here\", \"role\": \"service\"}]"
              .formatted(h.pid(), start));
      Path file = dir.resolve("c2.yaml");
      Files.writeString(
          file,
          """
          name: again
          steps:
            - {run: net rr, options: {duration: 500ms, interval: 250ms}}
          """);
      Process p =
          ChildJvm.start(
              List.of(),
              dir.resolve("resume.log"),
              "campaign",
              "run",
              file.toString(),
              "--output",
              out.toString());
      assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the campaign ends");
      String log = ChildJvm.text(dir.resolve("resume.log"));
      assertEquals(0, p.exitValue(), log);
      assertTrue(
          log.contains("stopping a service the last campaign left running (pid " + h.pid()), log);
      assertTrue(leftover.waitFor(20, TimeUnit.SECONDS), "the recorded child was stopped");
      int stopped = log.indexOf("stopping a service");
      int firstRun = log.indexOf("[1/");
      assertTrue(firstRun > 0 && stopped < firstRun, "before anything started: " + log);
    } finally {
      leftover.destroyForcibly();
    }
  }
}
