package io.loadlab.core.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultRewriterTest {
  @TempDir Path dir;

  /** A result with these intervals and the sample's everything else, some fields unusual. */
  private static RunResult with(List<IntervalSample> intervals, String label) {
    RunResult s = ResultJsonTest.sample();
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("intervals", List.of()); // the same name and an empty list, deeper down
    configuration.put("note", "\"intervals\" : [ ]\nin a string");
    return new RunResult(
        s.toolVersion(),
        s.workload(),
        label,
        s.commandLine(),
        configuration,
        s.environment(),
        s.testbed(),
        s.startTime(),
        s.endTime(),
        RunStatus.RUNNING,
        null,
        s.figures(),
        s.totals(),
        intervals,
        s.problems(),
        null,
        new GeneratorLoad(1.5, 2, 40.0, null, 0.5, 0.0, 0.0, 1.25, null),
        null,
        null);
  }

  private static IntervalSample interval(int i) {
    Map<String, OperationStats> ops = ResultJsonTest.sample().totals();
    return new IntervalSample(
        i,
        i * 1000L,
        i * 1000L + 1000,
        i % 3 == 0 ? null : "users=" + i + " ü \"quoted\"",
        i < 3,
        i % 4 == 0 ? Map.of() : ops,
        i % 2 == 0 ? Map.of("rr users=10", 100.0) : null,
        i % 5 == 0 ? null : new GeneratorLoad(1, 2, 10.0 + i, 20.0, null, 1.0, 1.0, null, 2.5));
  }

  private void assertSameBytes(ResultRewriter rewriter, RunResult result, String what)
      throws Exception {
    Path file = dir.resolve("result.json");
    rewriter.write(result, file);
    assertArrayEquals(
        ResultJson.toJson(result).getBytes(StandardCharsets.UTF_8), Files.readAllBytes(file), what);
  }

  @Test
  void everyRewriteIsByteForByteTheMappersOwn() throws Exception {
    ResultRewriter rewriter = new ResultRewriter();
    List<IntervalSample> intervals = new ArrayList<>();
    assertSameBytes(rewriter, with(List.copyOf(intervals), "none yet"), "no interval");
    for (int i = 1; i <= 12; i++) {
      intervals.add(interval(i));
      assertSameBytes(rewriter, with(List.copyOf(intervals), "run " + i), i + " intervals");
    }
    // Intervals other than those kept: from the first that differs, serialised again.
    intervals.set(7, interval(70));
    assertSameBytes(rewriter, with(List.copyOf(intervals), "changed"), "one replaced");
    assertSameBytes(rewriter, with(List.copyOf(intervals.subList(0, 4)), "fewer"), "fewer");
    assertSameBytes(rewriter, with(List.of(interval(1)), "other"), "another first interval");
    assertSameBytes(rewriter, ResultJsonTest.sample(), "another result altogether");
  }
}
