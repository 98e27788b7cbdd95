package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadlineFiguresTest {
  @Test
  void bookkeepingAndFiguresZeroEverywhereAreNoHeadline() {
    Map<String, double[]> values =
        Map.of(
            "transfersPerSec size=64", new double[] {5000, 5100},
            "queuesDeleted", new double[] {1, 1},
            "lost", new double[] {0, 0},
            "duplicates", new double[] {0, 3},
            "ordersFromStart", new double[] {900, 950},
            "searchHitPct", new double[] {87, 87},
            "errors", new double[] {});
    List<String> names =
        List.of(
            "transfersPerSec size=64",
            "queuesDeleted",
            "lost",
            "duplicates",
            "ordersFromStart",
            "searchHitPct",
            "errors");
    assertEquals(
        List.of("transfersPerSec size=64", "duplicates"), HeadlineFigures.of(names, values::get));
    assertEquals(
        List.of("queuesDeleted", "lost", "ordersFromStart", "searchHitPct", "errors"),
        HeadlineFigures.others(names, values::get));
  }

  @Test
  void bookkeepingIsSetupAndTalliesNotPerformance() {
    for (String b : List.of("queuesDeleted", "queuesCreated", "rollbacksFromStart", "inFlight")) {
      assertTrue(HeadlineFigures.isBookkeeping(b), b);
    }
    for (String p : List.of("opm", "mbPerSec size=1024", "p99Us", "lost", "rr: loss %")) {
      assertFalse(HeadlineFigures.isBookkeeping(p), p);
    }
  }
}
