package io.loadlab.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.IntervalReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class JsonExporterTest {
  private static final long MS = 1_000_000L;

  @TempDir Path dir;

  private static RunResult result(String label, RunStatus status) {
    return new RunResult(
        "t",
        "net rr",
        label,
        "loadlab net rr",
        Map.of(),
        null,
        null,
        "2026-11-27T00:00:00Z",
        null,
        status,
        null,
        Map.of(),
        Map.of(),
        List.of(),
        List.of());
  }

  private static IntervalReport interval(String label, AtomicInteger built) {
    return new IntervalReport(
        null,
        List.of(),
        () -> {
          built.incrementAndGet();
          return result(label, RunStatus.RUNNING);
        });
  }

  @Test
  void rewritesAfterEveryIntervalWhileTheFileIsSmallForTheTimeBetween() throws Exception {
    Path file = dir.resolve("result.json");
    AtomicLong clock = new AtomicLong();
    JsonExporter json = new JsonExporter(file, clock::get, JsonExporter.BYTES_PER_SECOND);
    AtomicInteger built = new AtomicInteger();
    for (int i = 0; i < 3; i++) {
      clock.set(i * 100 * MS); // intervals 100 ms apart, a file of a few hundred bytes
      json.interval(interval("interval " + i, built));
      assertEquals("interval " + i, ResultJson.read(file).label());
    }
    assertEquals(3, built.get());
    json.close();
  }

  @Test
  void aRewriteWaitsUntilItsBytesFitTheBudgetAndTheEndAlwaysWrites() throws Exception {
    Path file = dir.resolve("result.json");
    AtomicLong clock = new AtomicLong();
    JsonExporter json = new JsonExporter(file, clock::get, 100); // 100 bytes a second
    AtomicInteger built = new AtomicInteger();
    clock.set(0);
    json.interval(interval("first", built));
    long size = Files.size(file);
    assertTrue(size > 200, "a file of " + size + " bytes");
    long due = size * 1000 / 100; // ms until the next rewrite may come
    for (long at = 1000; at < due; at += 1000) {
      clock.set(at * MS);
      json.interval(interval("skipped at " + at, built));
      assertEquals("first", ResultJson.read(file).label(), "nothing rewritten at " + at + " ms");
    }
    assertEquals(1, built.get(), "a skipped interval does not even build the result");
    clock.set((due + 1) * MS);
    json.interval(interval("when due", built));
    assertEquals("when due", ResultJson.read(file).label());
    clock.set((due + 2) * MS);
    json.interval(interval("too soon", built));
    assertEquals("when due", ResultJson.read(file).label());
    json.end(result("final", RunStatus.OK));
    RunResult last = ResultJson.read(file);
    assertEquals("final", last.label());
    assertEquals(RunStatus.OK, last.status());
    json.close();
  }
}
