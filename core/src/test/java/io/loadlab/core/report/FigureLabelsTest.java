package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FigureLabelsTest {
  @Test
  void knownFiguresReadAsWordsWithTheirUnitOnce() {
    assertEquals("p50 (µs)", FigureLabels.of("p50Us"));
    assertEquals("p99.9 (µs)", FigureLabels.of("p999Us"));
    assertEquals("mean latency (measured, µs)", FigureLabels.of("meanUs"));
    assertEquals("client host CPU per MB (µs)", FigureLabels.of("cpuUsPerMB"));
    assertEquals("CPU per operation (µs)", FigureLabels.of("cpuUsPerOp"));
    assertEquals("rate (ops/s)", FigureLabels.of("rate"));
    assertEquals("MB/s", FigureLabels.of("mbPerSec"));
    assertEquals(
        "client + server process CPU per operation (µs)", FigureLabels.of("cpuProcessUsPerOp"));
    assertEquals("client + server process CPU per MB (µs)", FigureLabels.of("cpuProcessUsPerMB"));
    assertTrue(FigureLabels.labelled("cpuProcessUsPerMB"));
    assertFalse(FigureLabels.labelled("connectTimeUs"), "a label made from the suffix");
  }

  @Test
  void aNamedOperationsFigureNamesItAfterTheLabel() {
    assertEquals("mean latency (measured, µs), latency", FigureLabels.of("latency.meanUs"));
    assertEquals("p99 (µs), transit", FigureLabels.of("transit.p99Us"));
    assertTrue(FigureLabels.labelled("send-delay.meanUs"));
  }

  @Test
  void unknownCamelCaseKeysGetAGenericLabel() {
    assertEquals("connect time (µs)", FigureLabels.of("connectTimeUs"));
    assertEquals("messages/s", FigureLabels.of("messagesPerSec"));
    assertEquals("loss (%)", FigureLabels.of("lossPct"));
    assertEquals("guest CPU per operation (µs)", FigureLabels.of("guestUsPerOp"));
    assertEquals("server CPU per MB (µs)", FigureLabels.of("serverUsPerMB"));
    assertEquals("queues deleted", FigureLabels.of("queuesDeleted"));
    assertEquals("errors", FigureLabels.of("errors"));
    assertEquals("sent MB/s", FigureLabels.of("sent MB/s"), "words stay as they are");
    assertEquals("rate (ops/s) size=64", FigureLabels.of("rate size=64"));
    assertEquals("p99 (µs) users=2", FigureLabels.of("p99Us users=2"));
    assertEquals("rr users=1: MB/s", FigureLabels.of("rr users=1: MB/s"));
  }
}
