package io.loadlab.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Result files as a run writes them: unwritable before the run (refused, nothing started), made
 * unwritable during it (the run ends failed, exit 1, one line), the --json copy beside the run
 * directory's own files, and run directories that never collide.
 */
@Timeout(120)
class ResultFilesTest {
  @TempDir Path dir;

  @Test
  void outputPathsUnderAFileOrOnAReadOnlyPlaceAreRefusedBeforeTheRun() throws IOException {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    for (String[] args :
        new String[][] {
          {"--json", file + "/r.json"},
          {"--output", file + "/run"},
          {"--output", file.toString()},
          {"--csv", file + "/a/b.csv"},
          {"--jtl", dir.toString()},
          {"--hlog", "/proc/version/x.hlog"},
        }) {
      List<String> all = new ArrayList<>(List.of("net", "rr", "--duration", "1s"));
      all.addAll(List.of(args));
      CliRun o = CliRun.of(all.toArray(String[]::new));
      assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().contains(args[0]), o.err());
      assertFalse(o.err().contains("Exception"), o.err());
      assertEquals("", o.out(), "nothing ran: " + o.out());
    }
  }

  @Test
  void anOutputOnAReadOnlyFileSystemIsRefusedBeforeTheRun() throws Exception {
    TmpfsMount.requireRoot();
    Path mount = dir.resolve("ro");
    try (TmpfsMount ro = TmpfsMount.of(mount, "ro,size=1m")) {
      for (String option : new String[] {"--output", "--markdown", "--json"}) {
        CliRun o =
            CliRun.of("net", "rr", "--duration", "1s", option, mount.resolve("x").toString());
        assertEquals(2, o.code(), option + ": " + o.err());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertTrue(o.err().contains("read-only"), o.err());
        assertEquals("", o.out());
      }
    }
  }

  @Test
  void aRemovedOutputDirectoryMidRunEndsTheRunFailed() throws Exception {
    Path out = dir.resolve("run");
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<CliRun> run =
          pool.submit(
              () ->
                  CliRun.of(
                      "net",
                      "rr",
                      "--duration",
                      "6s",
                      "--interval",
                      "500ms",
                      "--output",
                      out.toString()));
      waitFor(out.resolve("intervals.csv"));
      Thread.sleep(1200);
      deleteTree(out);
      CliRun o = run.get();
      assertEquals(1, o.code(), o.out() + o.err());
      assertTrue(o.out().contains("status: failed (cannot write "), o.out());
      assertFalse(o.out().contains("status: ok"), o.out());
      assertFalse(o.err().contains("Exception"), o.err());
      assertFalse(Files.exists(out), "the removed directory is not made again");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aFullDiskEndsTheRunFailedWithWholeLinesAndNoTemporaryFiles() throws Exception {
    TmpfsMount.requireRoot();
    Path mount = dir.resolve("small");
    try (TmpfsMount tmpfs = TmpfsMount.of(mount, "size=2m")) {
      Path out = mount.resolve("run");
      CliRun o =
          CliRun.of(
              "net",
              "rr",
              "--duration",
              "20s",
              "--interval",
              "500ms",
              "--users",
              "4",
              "--output",
              out.toString(),
              "--jtl",
              mount.resolve("samples.jtl").toString());
      assertEquals(1, o.code(), o.out() + o.err());
      assertTrue(o.out().contains("status: failed (cannot write "), o.out());
      assertTrue(o.out().contains("No space left on device"), o.out());
      assertFalse(o.err().contains("Exception"), o.err());
      try (Stream<Path> files = Files.walk(mount)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          assertFalse(f.getFileName().toString().endsWith(".tmp"), "leftover " + f);
          String text = Files.readString(f);
          if (f.toString().endsWith(".csv") || f.toString().endsWith(".jtl")) {
            assertTrue(text.isEmpty() || text.endsWith("\n"), "no cut line in " + f);
          }
        }
      }
      Path json = out.resolve("result.json");
      if (Files.exists(json)) {
        assertTrue(ResultJson.read(json).status() != RunStatus.OK, "never ok in " + json);
      }
    }
  }

  @Test
  void aDiskThatFillsUpAtTheEndLeavesEveryOutputSayingTheSame() throws Exception {
    TmpfsMount.requireRoot();
    Path mount = dir.resolve("small");
    // 1 MiB: the run's files fit, report.html (ECharts inlined, over 1 MB) does not; and as
    // another process would, a filler takes what room is left once the summary is written.
    try (TmpfsMount tmpfs = TmpfsMount.of(mount, "size=1m")) {
      Path out = mount.resolve("run");
      ExecutorService pool = Executors.newSingleThreadExecutor();
      try {
        Future<Long> filled = pool.submit(() -> fillOnceExists(out.resolve("summary.md")));
        CliRun o =
            CliRun.of(
                "net", "rr", "--duration", "2s", "--interval", "500ms", "--output", out.toString());
        assertTrue(filled.get() > 0, "the filler took the room left");
        assertEquals(1, o.code(), o.out() + o.err());
        RunResult json = ResultJson.read(out.resolve("result.json"));
        String reason = json.statusReason();
        assertEquals(RunStatus.FAILED, json.status(), "result.json has the last word");
        assertTrue(
            reason.startsWith(
                "cannot write " + out.resolve("report.html") + ": No space left on device"),
            reason);
        assertTrue(o.out().contains("status: failed (" + reason + ")\n"), o.out());
        Path md = out.resolve("summary.md");
        if (Files.exists(md)) {
          String text = Files.readString(md);
          assertTrue(text.contains("- status: **failed** (" + reason + ")"), text);
        } else {
          assertTrue(reason.contains("cannot write " + md), "a summary left out says so");
        }
        assertFalse(Files.exists(out.resolve("report.html")));
        try (Stream<Path> files = Files.list(out)) {
          List<String> hidden =
              files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
          assertEquals(List.of(), hidden, "no temporary file or reserve left");
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void anImportedResultWhoseReportDoesNotFitSaysSoInEveryFile() throws Exception {
    TmpfsMount.requireRoot();
    Path jtl =
        Files.writeString(
            dir.resolve("run.jtl"),
            "timeStamp,elapsed,label,responseCode,success,bytes,sentBytes\n"
                + "1700000000000,12,login,200,true,100,10\n"
                + "1700000001200,7,search,200,true,100,10\n");
    Path mount = dir.resolve("small");
    // 1 MiB: report.html (ECharts inlined, over 1 MB) does not fit; the rest does.
    try (TmpfsMount tmpfs = TmpfsMount.of(mount, "size=1m")) {
      Path out = mount.resolve("jtl");
      CliRun o = CliRun.of("report", "--jtl", jtl.toString(), "--output", out.toString());
      String reason = "cannot write " + out.resolve("report.html") + ": No space left on device";
      assertEquals(1, o.code(), o.out() + o.err());
      assertTrue(o.out().contains("status: failed (" + reason + ")\n"), o.out());
      RunResult json = ResultJson.read(out.resolve("result.json"));
      assertEquals(RunStatus.FAILED, json.status());
      assertEquals(reason, json.statusReason());
      assertTrue(Files.readString(out.resolve("summary.md")).contains("**failed** (" + reason));
      assertFalse(Files.exists(out.resolve("report.html")));
    }
  }

  /** Once {@code file} exists, fills its file system; returns the bytes written. */
  private static long fillOnceExists(Path file) throws Exception {
    for (int i = 0; i < 60_000 && !Files.exists(file); i++) {
      Thread.sleep(1);
    }
    Path filler = file.getParent().getParent().resolve("filler");
    long written = 0;
    try (java.io.OutputStream os = Files.newOutputStream(filler)) {
      byte[] page = new byte[4096];
      while (true) {
        os.write(page);
        os.flush();
        written += page.length;
      }
    } catch (IOException full) {
      return written;
    }
  }

  @Test
  void jsonAndCsvCopiesLeaveTheRunDirectoryComplete() throws Exception {
    Path out = dir.resolve("run");
    Path json = dir.resolve("copy.json");
    Path csv = dir.resolve("copy.csv");
    CliRun o =
        CliRun.of(
            "net",
            "rr",
            "--duration",
            "1s",
            "--output",
            out.toString(),
            "--json",
            json.toString(),
            "--csv",
            csv.toString(),
            "--quiet");
    assertEquals(0, o.code(), o.err());
    assertEquals(Files.readString(out.resolve("intervals.csv")), Files.readString(csv));
    RunResult inDir = ResultJson.read(out.resolve("result.json"));
    RunResult copy = ResultJson.read(json);
    assertEquals(RunStatus.OK, inDir.status());
    assertEquals(inDir.intervals().size(), copy.intervals().size());
    assertTrue(Files.exists(out.resolve("histograms.hlog")));
    assertTrue(Files.exists(out.resolve("summary.md")));
  }

  @Test
  void tenRunsStartedAtOnceGetTenDirectories() throws Exception {
    Path work = dir.resolve("work");
    Files.createDirectories(work);
    // Runs without --output go under results/ in the working directory: give them the same
    // timestamped name by creating them in one second, each in its own thread.
    ExecutorService pool = Executors.newFixedThreadPool(10);
    try {
      List<Callable<Path>> tasks = new ArrayList<>();
      Path wanted = work.resolve("results").resolve("20260101-000000-net-rr");
      for (int i = 0; i < 10; i++) {
        tasks.add(() -> io.loadlab.core.run.RunDirectories.createNew(wanted));
      }
      List<Path> made = new ArrayList<>();
      for (Future<Path> f : pool.invokeAll(tasks)) {
        made.add(f.get());
      }
      assertEquals(10, made.stream().distinct().count(), made.toString());
      assertTrue(made.contains(wanted));
      assertTrue(made.contains(wanted.resolveSibling("20260101-000000-net-rr-10")));
    } finally {
      pool.shutdownNow();
    }
  }

  static void waitFor(Path file) throws InterruptedException {
    for (int i = 0; i < 200 && !Files.exists(file); i++) {
      Thread.sleep(50);
    }
    assertTrue(Files.exists(file), file + " appeared");
  }

  static void deleteTree(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
