package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FigureLabelsTest {
  @Test
  void knownFiguresReadAsWordsWithTheirUnitOnce() {
    assertEquals("p50 (µs)", FigureLabels.of("p50Us"));
    assertEquals("p99.9 (µs)", FigureLabels.of("p999Us"));
    assertEquals("mean (µs)", FigureLabels.of("meanUs"));
    assertEquals("CPU per operation (µs)", FigureLabels.of("cpuUsPerOp"));
    assertEquals("rate (ops/s)", FigureLabels.of("rate"));
    assertEquals("transfers/s", FigureLabels.of("transfersPerSec"));
    assertEquals("MB/s", FigureLabels.of("mbPerSec"));
    assertEquals("orders per minute", FigureLabels.of("opm"));
    assertEquals("search hits (%)", FigureLabels.of("searchHitPct"));
  }

  @Test
  void unknownCamelCaseKeysGetAGenericLabel() {
    assertEquals("connect time (µs)", FigureLabels.of("connectTimeUs"));
    assertEquals("messages/s", FigureLabels.of("messagesPerSec"));
    assertEquals("loss (%)", FigureLabels.of("lossPct"));
    assertEquals("guest CPU per operation (µs)", FigureLabels.of("guestUsPerOp"));
    assertEquals("queues deleted", FigureLabels.of("queuesDeleted"));
    assertEquals("errors", FigureLabels.of("errors"));
    assertEquals("sent MB/s", FigureLabels.of("sent MB/s"), "words stay as they are");
    assertEquals("transfers/s size=64", FigureLabels.of("transfersPerSec size=64"));
    assertEquals("rr users=1: MB/s", FigureLabels.of("rr users=1: MB/s"));
  }
}
