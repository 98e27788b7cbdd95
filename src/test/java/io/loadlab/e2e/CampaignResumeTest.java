package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadlab campaign run} in a child JVM, SIGKILLed in the middle of a run, then run again:
 * finished runs are kept (not repeated), the interrupted one is done again, the manifest says so,
 * and the report is complete. Then Ctrl-C (SIGINT): the report of what finished, exit 130.
 */
@Timeout(180)
class CampaignResumeTest {
  @TempDir Path dir;

  private Path campaign() throws Exception {
    return Files.writeString(
        dir.resolve("campaign.yaml"),
        """
        name: resume
        iterations: 2
        configurations: [{name: a}, {name: b}]
        steps:
          - {name: rr, run: net rr, options: {duration: 1500ms, interval: 200ms}, sweep: {users: [1, 2]}}
        """);
  }

  private static JsonNode manifest(Path out) {
    try {
      return new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    } catch (Exception e) {
      return null;
    }
  }

  private static long count(JsonNode m, String status) {
    if (m == null) {
      return 0;
    }
    long n = 0;
    for (JsonNode r : m.get("runs")) {
      n += r.get("status").asText().equals(status) ? 1 : 0;
    }
    return n;
  }

  @Test
  void sigkillMidCampaignThenResumeRepeatsNoFinishedRun() throws Exception {
    Path file = campaign();
    Path out = dir.resolve("out");
    Process p =
        ChildJvm.start(
            List.of(),
            dir.resolve("first.log"),
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString());
    try {
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(90),
              () -> {
                JsonNode m = manifest(out);
                return count(m, "ok") >= 3 && count(m, "running") == 1;
              }),
          "three runs finished and a fourth running: " + ChildJvm.text(dir.resolve("first.log")));
      // killed at once: a run lasts ~2.5 s, and a busy machine may already have spent some of it
    } finally {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
    JsonNode killed = manifest(out);
    Map<String, String> finishedStart = new HashMap<>();
    Map<String, FileTime> finishedFiles = new HashMap<>();
    String interrupted = null;
    for (JsonNode r : killed.get("runs")) {
      if (r.get("status").asText().equals("ok")) {
        finishedStart.put(r.get("id").asText(), r.get("startTime").asText());
        finishedFiles.put(
            r.get("id").asText(),
            Files.getLastModifiedTime(out.resolve(r.get("dir").asText()).resolve("result.json")));
      } else {
        interrupted = r.get("id").asText();
      }
    }
    assertTrue(interrupted != null, killed.toString());

    Process again =
        ChildJvm.start(
            List.of(),
            dir.resolve("second.log"),
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString());
    assertTrue(again.waitFor(120, TimeUnit.SECONDS));
    String log = ChildJvm.text(dir.resolve("second.log"));
    assertEquals(0, again.exitValue(), log);
    assertTrue(
        log.contains("finished runs kept, interrupted run(s) done again: [" + interrupted + "]"),
        log);

    JsonNode m = manifest(out);
    assertEquals("complete", m.get("status").asText());
    assertEquals(8, m.get("runs").size(), "each run once");
    for (JsonNode r : m.get("runs")) {
      String id = r.get("id").asText();
      assertEquals("ok", r.get("status").asText(), r.toString());
      if (finishedStart.containsKey(id)) {
        assertEquals(finishedStart.get(id), r.get("startTime").asText(), "not repeated: " + id);
        assertEquals(
            finishedFiles.get(id),
            Files.getLastModifiedTime(out.resolve(r.get("dir").asText()).resolve("result.json")),
            "untouched: " + id);
      }
      if (id.equals(interrupted)) {
        assertTrue(r.get("redone").asBoolean(), "the manifest says it was redone: " + r);
        JsonNode result =
            new ObjectMapper()
                .readTree(out.resolve(r.get("dir").asText()).resolve("result.json").toFile());
        assertEquals("ok", result.get("status").asText());
      }
    }
    JsonNode resume = m.get("resumes").get(0);
    assertEquals(finishedStart.size(), resume.get("kept").asInt());
    assertEquals(interrupted, resume.get("redone").get(0).asText());
    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("Status **complete**: 8 runs finished ok"), report);
    assertEquals(4, m.get("cells").size());
  }

  @Test
  void changedFileIsRefusedUnlessRestart() throws Exception {
    Path file = campaign();
    Path out = dir.resolve("out");
    Files.createDirectories(out);
    Files.writeString(
        out.resolve("campaign.json"),
        "{\"campaign\":\"resume\",\"status\":\"running\",\"runs\":[{\"id\":\"a/rr/users=1/1\","
            + "\"cell\":\"a/rr/users=1\",\"status\":\"ok\",\"dir\":\"runs/a/rr/users=1/1\","
            + "\"commandLines\":[[\"net\",\"rr\",\"--duration\",\"9s\"]]}]}");
    Process p =
        ChildJvm.start(
            List.of(),
            dir.resolve("changed.log"),
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String log = ChildJvm.text(dir.resolve("changed.log"));
    assertEquals(2, p.exitValue(), log);
    assertTrue(
        log.contains(
            "finished run a/rr/users=1/1 ran another command line than campaign.yaml gives;"
                + " run with --restart"),
        log);
  }

  /**
   * A short run, then one long enough (a minute) that Ctrl-C surely lands inside it, even when a
   * busy machine delays the signal by seconds: with short runs only, it may land between two.
   */
  private Path campaignWithALongRun() throws Exception {
    return Files.writeString(
        dir.resolve("long.yaml"),
        """
        name: resume
        iterations: 1
        configurations: [{name: a}]
        steps:
          - {name: quick, run: net rr, options: {duration: 1s, interval: 200ms}}
          - {name: long, run: net rr, options: {duration: 60s, interval: 200ms}}
        """);
  }

  private static boolean longRunIsRunning(JsonNode m) {
    if (m == null) {
      return false;
    }
    for (JsonNode r : m.get("runs")) {
      if (r.get("status").asText().equals("running") && r.get("id").asText().contains("/long/")) {
        return true;
      }
    }
    return false;
  }

  @Test
  void ctrlCWritesTheReportOfWhatFinishedAndExits130() throws Exception {
    Path file = campaignWithALongRun();
    Path out = dir.resolve("out");
    Process p =
        ChildJvm.start(
            List.of(),
            dir.resolve("int.log"),
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString());
    assertTrue(
        ChildJvm.await(
            Duration.ofSeconds(90),
            () -> count(manifest(out), "ok") == 1 && longRunIsRunning(manifest(out))),
        ChildJvm.text(dir.resolve("int.log")));
    new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(130, p.exitValue(), ChildJvm.text(dir.resolve("int.log")));
    JsonNode m = manifest(out);
    assertEquals("aborted", m.get("status").asText());
    assertEquals(1, count(m, "aborted"), m.toString());
    assertEquals(1, count(m, "ok"), m.toString());
    assertTrue(Files.readString(out.resolve("report.md")).contains("Status **aborted**"));
  }
}
