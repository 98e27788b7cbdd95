package io.loadlab.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.export.JsonExporter;
import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end of a run when files fail: every output (console, result.json, summary.md) says the same
 * status and reason, result.json is written last, and no file is left saying ok.
 */
@Timeout(20)
class FinalWritesTest {
  @TempDir Path dir;

  private final List<String> calls = new ArrayList<>();

  /** A sink that logs its end calls and delegates to another (or only logs). */
  private ResultSink logged(String name, ResultSink inner) {
    return new ResultSink() {
      @Override
      public void begin(RunInfo info, long startEpochMs) throws IOException {
        inner.begin(info, startEpochMs);
      }

      @Override
      public void interval(IntervalReport report) throws IOException {
        inner.interval(report);
      }

      @Override
      public void end(RunResult result) throws IOException {
        calls.add(name + " " + result.status().jsonName());
        inner.end(result);
      }

      @Override
      public void close() throws IOException {
        inner.close();
      }

      @Override
      public String target() {
        return inner.target();
      }

      @Override
      public boolean decides() {
        return inner.decides();
      }
    };
  }

  /** A file sink whose end fails the first {@code failures} times (then writes its status). */
  private static ResultSink failing(Path file, int failures) {
    AtomicInteger left = new AtomicInteger(failures);
    return new ResultSink() {
      @Override
      public void end(RunResult result) throws IOException {
        if (left.getAndDecrement() > 0) {
          throw new IOException("No space left on device");
        }
        Files.writeString(file, result.status().jsonName() + " " + result.statusReason());
      }

      @Override
      public String target() {
        return file.toString();
      }
    };
  }

  private static ResultSink console(List<RunResult> seen) {
    return new ResultSink() {
      @Override
      public void end(RunResult result) {
        seen.add(result);
      }
    };
  }

  private static RunRecording recording(List<ResultSink> sinks) {
    return RunRecordingTest.manual(new Recorder(), sinks);
  }

  private static RunResult runOnce(RunRecording rec) throws Exception {
    rec.recorder().operation("rr").success(1_000_000);
    Thread.sleep(60);
    rec.cut();
    return rec.finish(new RunControl());
  }

  @Test
  void aReportThatFailsAtTheEndFailsTheRunAndResultJsonSaysSoLast() throws Exception {
    Path json = dir.resolve("result.json");
    Path md = dir.resolve("summary.md");
    Path html = dir.resolve("report.html");
    List<RunResult> console = new ArrayList<>();
    RunResult r;
    try (RunRecording rec =
        recording(
            List.of(
                console(console),
                logged("json", new JsonExporter(json)),
                logged("md", new MarkdownExporter(md)),
                logged("html", failing(html, Integer.MAX_VALUE))))) {
      rec.recorder().operation("rr").success(1_000_000);
      Thread.sleep(60);
      rec.cut();
      assertTrue(
          io.loadlab.core.util.SpaceReserveTest.heldBytes(".result.json.reserve") >= 64 * 1024,
          "room is kept");
      assertFalse(Files.exists(dir.resolve(".result.json.reserve")), "in no directory");
      r = rec.finish(new RunControl());
    }
    String reason = "cannot write " + html + ": No space left on device";
    assertEquals(RunStatus.FAILED, r.status());
    assertEquals(reason, r.statusReason());
    assertEquals(List.of("md ok", "html ok", "md failed", "json failed"), calls);
    RunResult onDisk = ResultJson.read(json);
    assertEquals(RunStatus.FAILED, onDisk.status());
    assertEquals(reason, onDisk.statusReason());
    assertTrue(
        Files.readString(md).contains("- status: **failed** (" + reason + ")"),
        Files.readString(md));
    assertEquals(1, console.size());
    assertEquals(reason, console.get(0).statusReason());
    assertFalse(Files.exists(html));
    assertFalse(Files.exists(dir.resolve(".result.json.reserve")), "the room was given back");
  }

  @Test
  void aFileThatCannotBeWrittenAgainIsRemovedAndWrittenAfresh() throws Exception {
    Path first = dir.resolve("first.txt");
    Path second = dir.resolve("second.txt");
    // first: written ok, then its rewrite fails once (the disk is full) and succeeds once removed
    AtomicInteger writes = new AtomicInteger();
    ResultSink rewriteFailsOnce =
        new ResultSink() {
          @Override
          public void end(RunResult result) throws IOException {
            if (writes.incrementAndGet() == 2) {
              assertTrue(Files.exists(first));
              throw new IOException("No space left on device");
            }
            assertTrue(writes.get() == 1 || !Files.exists(first), "removed before the last try");
            Files.writeString(first, result.status().jsonName());
          }

          @Override
          public String target() {
            return first.toString();
          }
        };
    List<RunResult> console = new ArrayList<>();
    try (RunRecording rec =
        recording(List.of(console(console), rewriteFailsOnce, failing(second, 1)))) {
      RunResult r = runOnce(rec);
      assertEquals(RunStatus.FAILED, r.status());
      assertEquals("cannot write " + second + ": No space left on device", r.statusReason());
      assertEquals("failed", Files.readString(first));
      assertEquals(3, writes.get());
      assertEquals(r.statusReason(), console.get(0).statusReason());
    }
  }

  @Test
  void aFileThatCannotBeBroughtInLineIsRemovedAndTheReasonSaysSo() throws Exception {
    Path first = dir.resolve("first.txt");
    Path second = dir.resolve("second.txt");
    AtomicInteger writes = new AtomicInteger();
    ResultSink onlyOnce =
        new ResultSink() {
          @Override
          public void end(RunResult result) throws IOException {
            if (writes.incrementAndGet() > 1) {
              throw new IOException("No space left on device");
            }
            Files.writeString(first, result.status().jsonName());
          }

          @Override
          public String target() {
            return first.toString();
          }
        };
    List<RunResult> console = new ArrayList<>();
    try (RunRecording rec =
        recording(List.of(console(console), onlyOnce, failing(second, Integer.MAX_VALUE)))) {
      RunResult r = runOnce(rec);
      assertEquals(RunStatus.FAILED, r.status());
      assertEquals(
          "cannot write "
              + second
              + ": No space left on device; cannot write "
              + first
              + ": No space left on device",
          r.statusReason());
      assertFalse(Files.exists(first), "a file that said ok and could not be rewritten is gone");
      assertEquals(r.statusReason(), console.get(0).statusReason());
    }
  }

  @Test
  void aResultFileThatStaysBehindMakesTheReasonSayWhatItStillHolds() throws Exception {
    // A result.json that can be neither written nor removed (here: a directory that is not empty).
    Path stuck = Files.createDirectories(dir.resolve("result.json"));
    Files.writeString(stuck.resolve("x"), "x");
    ResultSink json =
        new ResultSink() {
          @Override
          public void end(RunResult result) throws IOException {
            throw new IOException("No space left on device");
          }

          @Override
          public String target() {
            return stuck.toString();
          }

          @Override
          public boolean decides() {
            return true;
          }
        };
    Path md = dir.resolve("summary.md");
    List<RunResult> console = new ArrayList<>();
    try (RunRecording rec = recording(List.of(console(console), json, new MarkdownExporter(md)))) {
      RunResult r = runOnce(rec);
      String reason =
          "cannot write " + stuck + ": No space left on device (result.json still says running)";
      assertEquals(RunStatus.FAILED, r.status());
      assertEquals(reason, r.statusReason());
      assertEquals(reason, console.get(0).statusReason());
      assertTrue(Files.readString(md).contains(reason), "summary.md brought in line");
    }
  }

  @Test
  void aResultFileThatFailedDuringTheRunGetsALastTry() throws Exception {
    Path json = dir.resolve("result.json");
    AtomicInteger intervals = new AtomicInteger();
    ResultSink flaky =
        new ResultSink() {
          @Override
          public void interval(IntervalReport report) throws IOException {
            intervals.incrementAndGet();
            throw new IOException("No space left on device");
          }

          @Override
          public void end(RunResult result) throws IOException {
            ResultJson.write(result, json);
          }

          @Override
          public String target() {
            return json.toString();
          }

          @Override
          public boolean decides() {
            return true;
          }
        };
    List<String> stopped = new ArrayList<>();
    try (RunRecording rec = recording(List.of(flaky))) {
      rec.onWriteFailure(stopped::add);
      RunResult r = runOnce(rec);
      assertEquals(1, intervals.get());
      assertEquals(RunStatus.FAILED, r.status());
      assertEquals("cannot write " + json + ": No space left on device", r.statusReason());
      assertEquals(List.of(r.statusReason()), stopped);
      assertEquals(r.statusReason(), ResultJson.read(json).statusReason());
    }
  }

  @Test
  void anAbortedRunStaysAbortedAndTheFailedWriteIsAddedToItsReason() throws Exception {
    Path md = dir.resolve("summary.md");
    Path html = dir.resolve("report.html");
    try (RunRecording rec =
        recording(List.of(new MarkdownExporter(md), failing(html, Integer.MAX_VALUE)))) {
      RunControl control = new RunControl();
      control.abort("stopped by SIGINT");
      RunResult r = rec.finish(control);
      String reason = "stopped by SIGINT; cannot write " + html + ": No space left on device";
      assertEquals(RunStatus.ABORTED, r.status());
      assertEquals(reason, r.statusReason());
      assertTrue(Files.readString(md).contains("**aborted** (" + reason + ")"));
    }
  }
}
