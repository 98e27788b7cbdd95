package io.loadlab.campaign.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.report.CampaignReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Seed 003's rule: the best cell over publishers × queues for each size, per configuration. */
@Timeout(10)
class BestTest {
  @Test
  void bestOverTwoAxesPerSizeWithTheWinningPointAndRatio() {
    Manifest m = new Manifest();
    m.rule = "best";
    m.baseline = "a";
    m.configurations = List.of("a", "b");
    Manifest.StepInfo s = new Manifest.StepInfo();
    s.name = "throughput";
    s.command = "amqp throughput";
    s.figures = List.of("rate", "p99Us");
    s.bestOver = List.of("npubs", "qt");
    m.steps = List.of(s);
    // rate = size-independent base * npubs * qt-factor; p99 lowest at npubs=1, qt=2.
    for (String conf : List.of("a", "b")) {
      for (String size : List.of("8", "64")) {
        for (String npubs : List.of("1", "2")) {
          for (String qt : List.of("2", "4")) {
            Manifest.RunEntry r = new Manifest.RunEntry();
            Map<String, String> point = new LinkedHashMap<>();
            point.put("size", size);
            point.put("npubs", npubs);
            point.put("qt", qt);
            r.point = point;
            r.configuration = conf;
            r.step = "throughput";
            r.cell = conf + "/throughput/" + Matrix.label(point);
            r.id = r.cell + "/1";
            r.iteration = 1;
            r.status = "ok";
            double rate =
                (conf.equals("a") ? 1000 : 3000)
                    * Integer.parseInt(npubs)
                    * (qt.equals("4") && size.equals("64") ? 2 : 1);
            r.figures =
                Map.of(
                    "rate", rate, "p99Us", 100.0 * Integer.parseInt(npubs) + Integer.parseInt(qt));
            m.runs.add(r);
          }
        }
      }
    }
    CellStatistics.update(m);
    Manifest.BestEntry a8 = find(m, "a", "8", "rate");
    assertEquals(2000, a8.value);
    assertEquals(Map.of("npubs", "2", "qt", "2"), a8.bestAt, "the first of equal values");
    Manifest.BestEntry a64 = find(m, "a", "64", "rate");
    assertEquals(4000, a64.value);
    assertEquals(Map.of("npubs", "2", "qt", "4"), a64.bestAt);
    assertEquals(3.0, find(m, "b", "64", "rate").ratioToBaseline, 1e-9);
    Manifest.BestEntry p99 = find(m, "b", "8", "p99Us");
    assertEquals(102, p99.value, "lower is better for latency");
    assertEquals(Map.of("npubs", "1", "qt", "2"), p99.bestAt);
    assertEquals(2 * 2 * 2, m.best.size(), "configurations x sizes x figures");
    String md = CampaignReport.markdown(m);
    assertTrue(md.contains("## throughput: rate (ops/s), best over npubs × qt"), md);
    assertTrue(
        md.contains("| size=64 | 4,000 at npubs=2 qt=4 (1.00×) | 12,000 at npubs=2 qt=4 (3.00×) |"),
        md);
  }

  @Test
  void noBestWithoutBestOver() {
    Manifest m = new Manifest();
    m.rule = "best";
    m.baseline = "a";
    Manifest.StepInfo s = new Manifest.StepInfo();
    s.name = "rr";
    s.figures = List.of("rate");
    m.steps = List.of(s);
    CellStatistics.update(m);
    assertNull(m.best);
  }

  private static Manifest.BestEntry find(Manifest m, String conf, String size, String figure) {
    return m.best.stream()
        .filter(
            b ->
                b.configuration.equals(conf)
                    && b.point.equals(Map.of("size", size))
                    && b.figure.equals(figure))
        .findFirst()
        .orElseThrow();
  }
}
