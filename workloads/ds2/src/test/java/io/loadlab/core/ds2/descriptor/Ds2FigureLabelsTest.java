package io.loadlab.core.ds2.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.core.report.FigureLabels;
import org.junit.jupiter.api.Test;

/** The figures only ds2 records are labelled by its descriptor, through the registry. */
class Ds2FigureLabelsTest {
  @Test
  void reportsReadItsFiguresAsWords() {
    assertEquals("orders per minute", FigureLabels.of("opm"));
    assertEquals("search hits (%)", FigureLabels.of("searchHitPct"));
    assertEquals(
        "rollbacks since the start (warm-up included)", FigureLabels.of("rollbacksFromStart"));
  }
}
