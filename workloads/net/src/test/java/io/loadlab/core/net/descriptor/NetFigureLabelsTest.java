package io.loadlab.core.net.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.core.report.FigureLabels;
import org.junit.jupiter.api.Test;

/** The figures only net records are labelled by its descriptor, through the registry. */
class NetFigureLabelsTest {
  @Test
  void reportsReadItsFiguresAsWords() {
    assertEquals("netperf latency (users ÷ rate, µs)", FigureLabels.of("netperfLatencyUs"));
    assertEquals(
        "netperf latency (users ÷ rate, µs) users=2", FigureLabels.of("netperfLatencyUs users=2"));
  }
}
