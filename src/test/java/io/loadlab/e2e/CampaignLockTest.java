package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code loadlab campaign run} on one directory, as child JVMs: the second is refused at once
 * (exit 2, the first's pid and machine), writes nothing in the directory (no probe file either) and
 * leaves the first's runs alone; after the first is SIGKILLed a new one takes the directory,
 * because the kernel dropped the dead process's lock.
 */
@Timeout(120)
class CampaignLockTest {
  @TempDir Path dir;

  @Test
  void aSecondCampaignOnTheDirectoryIsRefusedAndAfterSigkillANewOneTakesIt() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: lock
        iterations: 1
        steps:
          - {name: rr, run: net rr, options: {duration: 60s, interval: 500ms}}
        """);
    Path out = dir.resolve("out");
    Path lock = out.resolve("campaign.lock");
    List<ProcessHandle> started = new ArrayList<>();
    Process first = campaign(file, out, "first.log");
    try {
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(60),
              () ->
                  ChildJvm.text(lock).startsWith("pid " + first.pid() + " on ")
                      && ChildJvm.text(out.resolve("campaign.json")).contains("\"running\"")
                      && !runningStartOrNone(out).equals("none running")),
          "the first holds the lock and runs: " + ChildJvm.text(dir.resolve("first.log")));
      first.toHandle().descendants().forEach(started::add);
      String running = runningStart(out);
      String lockText = ChildJvm.text(lock);
      FileTime lockTime = Files.getLastModifiedTime(lock);

      // Everything the directory holds, and every entry made or removed in it while the second
      // runs: the first's own atomic writes aside (".campaign.json.tmp", renamed over its file).
      Set<String> entries = entries(out);
      List<String> made = new ArrayList<>();
      Process second;
      try (WatchService watch = out.getFileSystem().newWatchService()) {
        out.register(
            watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE);
        second = campaign(file, out, "second.log");
        assertTrue(second.waitFor(30, TimeUnit.SECONDS), "the second ended at once");
        for (WatchKey key = watch.poll(1, TimeUnit.SECONDS);
            key != null;
            key = watch.poll(1, TimeUnit.SECONDS)) {
          for (WatchEvent<?> e : key.pollEvents()) {
            String name = String.valueOf(e.context());
            // The first's own rewrites of its files (through a temporary file, renamed over).
            String rewritten = name.replaceFirst("^\\.", "").replaceFirst("\\.tmp$", "");
            if (!isFirstsChildrenFile(name) && !entries.contains(rewritten)) {
              made.add(e.kind().name() + " " + name);
            }
          }
          key.reset();
        }
      }
      assertEquals(List.of(), made, "a refused campaign writes nothing in the directory");
      assertEquals(entries, entries(out), "the directory's entries as they were");
      String log = ChildJvm.text(dir.resolve("second.log"));
      assertEquals(2, second.exitValue(), log);
      assertEquals(1, log.strip().lines().count(), "one line: " + log);
      assertTrue(
          log.contains(
              "another 'loadlab campaign run' is using this directory (pid " + first.pid()),
          log);
      assertTrue(log.contains(" on " + hostName() + " since "), "names the machine: " + log);
      assertTrue(first.isAlive(), "the first goes on");
      // A refused campaign touches no lock it does not hold.
      assertEquals(lockText, ChildJvm.text(lock), "the lock file as the first wrote it");
      assertEquals(lockTime, Files.getLastModifiedTime(lock), "the lock file not written");
      // A second campaign would have cleared the running run and done it again, as a resume.
      assertEquals(running, runningStart(out), "the first's run left alone");
      assertTrue(
          new ObjectMapper()
              .readTree(out.resolve("campaign.json").toFile())
              .path("resumes")
              .isEmpty(),
          "no resume recorded");
    } finally {
      first.toHandle().descendants().forEach(started::add);
      first.destroyForcibly(); // SIGKILL: no shutdown hook, no unlock of its own
      first.waitFor(10, TimeUnit.SECONDS);
    }

    Process third = campaign(file, out, "third.log");
    try {
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(60),
              () -> ChildJvm.text(lock).startsWith("pid " + third.pid() + " on ")),
          "after the SIGKILL a new run takes the directory: "
              + ChildJvm.text(dir.resolve("third.log")));
      assertTrue(
          ChildJvm.await(
              Duration.ofSeconds(30),
              () -> ChildJvm.text(dir.resolve("third.log")).contains("resuming ")),
          "and resumes: " + ChildJvm.text(dir.resolve("third.log")));
    } finally {
      third.toHandle().descendants().forEach(started::add);
      third.destroyForcibly();
      third.waitFor(10, TimeUnit.SECONDS);
      started.forEach(ProcessHandle::destroyForcibly);
    }
  }

  /**
   * The directory's entries, less children.json: the first campaign writes and removes it as its
   * runs start and end, whatever the second does.
   */
  private static Set<String> entries(Path dir) throws Exception {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString())
          .filter(name -> !isFirstsChildrenFile(name))
          // The first's atomic writes in flight (a temporary file, renamed over its file).
          .filter(name -> !name.endsWith(".tmp"))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static boolean isFirstsChildrenFile(String name) {
    return name.equals("children.json") || name.startsWith(".children.json");
  }

  private Process campaign(Path file, Path out, String log) throws Exception {
    return ChildJvm.start(
        List.of(),
        dir.resolve(log),
        "campaign",
        "run",
        file.toString(),
        "--output",
        out.toString());
  }

  private static String runningStartOrNone(Path out) {
    try {
      return runningStart(out);
    } catch (Exception e) {
      return "none running"; // the manifest is being replaced
    }
  }

  /** The id and start time of the run in progress. */
  private static String runningStart(Path out) throws Exception {
    for (JsonNode r :
        new ObjectMapper().readTree(out.resolve("campaign.json").toFile()).get("runs")) {
      if (r.path("status").asText().equals("running")) {
        return r.path("id").asText() + " " + r.path("startTime").asText();
      }
    }
    return "none running";
  }

  private static String hostName() throws Exception {
    return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
  }
}
