package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.results.IntervalSample;
import io.loadlab.core.results.LatencySummary;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A sweep's charts, as {@code net rr --users 1,4} records it: each point a warmup interval, three
 * measured ones, and the short interval after its window while the users stop (flagged warmup, out
 * of the totals). That last one is no measured point: it is left out of the charts, so no point
 * ends in a false dip; and the measured points are labelled, not shaded grey.
 */
@Timeout(300)
class SweepChartsTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final String[] POINTS = {"users=1 request=1", "users=4 request=1"};
  private static final double[] MEASURED = {50_000, 120_000};

  /** The rate after each window: a fraction of an interval while the users stop. */
  private static final double AFTER = 38_000;

  @Test
  void eachPointDrawsItsWarmupAndMeasuredIntervalsOnly() {
    RunResult run = sweep();
    Chart rate = chart(run, "rate");
    assertEquals(List.of("rr users=1", "rr users=4"), names(rate));
    for (int p = 0; p < POINTS.length; p++) {
      Chart.Series s = rate.series().get(p);
      List<Double> drawn = new ArrayList<>();
      for (int i = 0; i < s.y().length; i++) {
        if (!Double.isNaN(s.y()[i])) {
          drawn.add(s.y()[i]);
        }
      }
      // The warmup interval (half the rate) and the three measured ones; nothing after them.
      assertEquals(
          List.of(MEASURED[p] / 2, MEASURED[p], MEASURED[p], MEASURED[p]), drawn, s.name());
    }
    for (String id : List.of("latency-p50", "latency-p99")) {
      for (Chart.Series s : chart(run, id).series()) {
        for (double y : s.y()) {
          assertTrue(Double.isNaN(y) || y < 1_000, id + " " + s.name() + ": " + y);
        }
      }
    }
  }

  @Test
  void warmupIsShadedAndMeasuredPointsAreOnlyLabelled() {
    List<Chart.Band> bands = chart(sweep(), "rate").bands();
    assertEquals(
        List.of("warmup", "users=1", "warmup", "users=4"),
        bands.stream().map(Chart.Band::label).toList());
    for (Chart.Band b : bands) {
      assertEquals(b.label().equals("warmup"), b.shaded(), b.toString());
    }
  }

  @Test
  void chromiumDrawsOnlyMeasuredPointsOnMostlyWhiteCharts(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path html = dir.resolve(RunReport.HTML_NAME);
    new RunReport(sweep(), Map.of()).write(html);
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
    JsonNode rate = null;
    for (JsonNode d : check.get("drawn")) {
      if (d.get("id").asText().equals("rate")) {
        rate = d;
      }
    }
    assertTrue(rate != null && rate.get("pixels").asInt() > 0, check.toString());
    assertEquals(2 * 4, rate.get("points").asInt(), "two points of 1 warmup + 3 measured: " + rate);

    Path png = Path.of("target", "screenshots", "sweep-report.png");
    HeadlessChromium.screenshot(html, png, 1280, 2400);
    double grey = bandGreyShare(ImageIO.read(png.toFile()));
    // Shaded: the two warmup seconds of each chart's nine (about 5% of the page); when the
    // measured points were shaded too, the charts were grey all over (about 25%).
    assertTrue(grey < 0.12, "share of the page in the bands' grey: " + grey);
    assertFalse(grey == 0, "the warmup bands are drawn");
  }

  /** The share of the pixels in a band's greys (black at 7% or 3.5% on white: 237, 246). */
  private static double bandGreyShare(BufferedImage image) {
    long grey = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y);
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        if (r == g && g == b && (r >= 235 && r <= 239 || r >= 245 && r <= 247)) {
          grey++;
        }
      }
    }
    return grey / (double) ((long) image.getWidth() * image.getHeight());
  }

  private static Chart chart(RunResult run, String id) {
    return new RunReport(run, Map.of())
        .charts().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
  }

  private static List<String> names(Chart c) {
    return c.series().stream().map(Chart.Series::name).toList();
  }

  /** Two points: each a warmup second, three measured, and 150 ms after the window. */
  static RunResult sweep() {
    List<IntervalSample> intervals = new ArrayList<>();
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    long t = T0;
    int index = 1;
    for (int p = 0; p < POINTS.length; p++) {
      String op = "rr users=" + (p == 0 ? 1 : 4);
      intervals.add(interval(index++, t, 1000, POINTS[p], true, op, MEASURED[p] / 2));
      t += 1000;
      for (int i = 0; i < 3; i++) {
        intervals.add(interval(index++, t, 1000, POINTS[p], false, op, MEASURED[p]));
        t += 1000;
      }
      intervals.add(interval(index++, t, 150, POINTS[p], true, op, AFTER));
      t += 150;
      totals.put(op, stats(MEASURED[p], 3));
    }
    return new RunResult(
        "t",
        "net rr",
        null,
        "loadlab net rr --users 1,4",
        null,
        null,
        null,
        null,
        null,
        RunStatus.OK,
        null,
        null,
        totals,
        intervals,
        List.of());
  }

  private static IntervalSample interval(
      int index, long start, long ms, String phase, boolean warmup, String op, double rate) {
    return new IntervalSample(
        index, start, start + ms, phase, warmup, Map.of(op, stats(rate, ms / 1000.0)));
  }

  private static OperationStats stats(double rate, double seconds) {
    double us = 10 + rate / 10_000;
    return new OperationStats(
        (long) (rate * seconds),
        0,
        seconds,
        rate,
        0,
        0,
        0,
        new LatencySummary(us, us, us, us, 2 * us, 3 * us, 3 * us, 4 * us),
        null,
        null,
        null);
  }
}
