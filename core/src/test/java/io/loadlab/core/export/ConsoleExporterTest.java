package io.loadlab.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.run.IntervalReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The progress lines: a part of an interval is never labelled as a copy of the line before. */
class ConsoleExporterTest {
  private static IntervalReport interval(int index, long startMs, long endMs) {
    return new IntervalReport(
        new IntervalSample(index, startMs, endMs, "p", false, Map.of(), Map.of(), null),
        List.of(),
        () -> null);
  }

  @Test
  void aShortLastIntervalIsLabelledWithTenths() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleExporter c =
        new ConsoleExporter(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
    c.begin(new RunInfo("v", "net rr", null, "", Map.of(), EnvironmentInfo.current(), null), 0);
    c.interval(interval(1, 0, 1000));
    c.interval(interval(2, 1000, 2000));
    c.interval(interval(3, 2000, 3000));
    c.interval(interval(4, 3000, 3300));
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().skip(1).toList();
    assertEquals(
        List.of(
            "[    1s] no operations completed",
            "[    2s] no operations completed",
            "[    3s] no operations completed",
            "[  3.3s] no operations completed"),
        lines);
  }
}
