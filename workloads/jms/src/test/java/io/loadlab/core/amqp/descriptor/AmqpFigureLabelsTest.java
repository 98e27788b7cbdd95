package io.loadlab.core.amqp.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.core.report.FigureLabels;
import org.junit.jupiter.api.Test;

/** The figures only amqp records are labelled by its descriptor, through the registry. */
class AmqpFigureLabelsTest {
  @Test
  void reportsReadItsFiguresAsWords() {
    assertEquals("messages/s (transfers)", FigureLabels.of("transfersPerSec"));
    assertEquals("messages/s (transfers) size=64", FigureLabels.of("transfersPerSec size=64"));
    assertEquals("publish rate (msg/s)", FigureLabels.of("publishRate"));
    assertEquals("messages in flight when stopped", FigureLabels.of("inFlight"));
  }
}
