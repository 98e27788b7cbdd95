package io.loadlab.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Color;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sweep reports' charts as Chromium draws them: error bars inside the value axis, a bar per
 * configuration for a step without a sweep, and lines that stay visible when their values coincide.
 */
@Timeout(120)
class SweepReportTest {
  @TempDir Path dir;

  private static final List<String> CONFIGS = List.of("bridged", "sriov", "bare-metal");

  /** One point, no sweep: the bars' values and the iterations (the last one with a long spread). */
  private static SweepFigure noSweep(List<String> labels) {
    double[][] reported = {{100}, {180}, {240}};
    double[][][] iterations = {{{95, 100, 105}}, {{170, 180, 190}}, {{200, 240, 900}}};
    return new SweepFigure(
        "figure-0",
        "rr: rate (ops/s)",
        null,
        false,
        List.of("-"),
        CONFIGS,
        reported,
        iterations,
        new int[3][1],
        List.of(),
        null,
        null,
        labels);
  }

  @Test
  void aStepWithoutASweepDrawsABarPerConfigurationLabelledWithItsAttributes() {
    List<String> labels = List.of("method=bridged, MTU=1500", "method=sriov, MTU=9000", "bare");
    Chart chart = SweepReport.valueChart(noSweep(labels));
    assertEquals(Chart.Kind.BAR, chart.kind());
    assertEquals("configuration", chart.xLabel());
    assertEquals(labels, chart.categories());
    assertEquals(1, chart.series().size());
    Chart.Series bars = chart.series().get(0);
    assertEquals(List.of(100.0, 180.0, 240.0), Arrays.stream(bars.y()).boxed().toList());
    assertEquals(900, bars.high()[2]);
    assertEquals(List.of(0, 1, 2), Arrays.stream(bars.valueColours()).boxed().toList());
    Chart ratio = SweepReport.ratioChart(noSweep(labels));
    assertEquals(labels.subList(1, 3), ratio.categories());
    assertEquals(2.4, ratio.series().get(0).y()[1], 1e-12);
    // The ratio's bars keep their configuration's colour from the value chart.
    assertEquals(
        List.of(1, 2), Arrays.stream(ratio.series().get(0).valueColours()).boxed().toList());
    // The table has no "point" column of "-": its row is the figure.
    Table table = SweepReport.table(noSweep(labels));
    String html = new HtmlPage("t").table(table).render();
    assertFalse(html.contains("<td>-</td>"), html);
    assertFalse(html.contains("<th>point</th>"), html);
  }

  @Test
  void errorBarsAndLabelsStayInsideTheAxisAndEachConfigurationsBarIsPainted() throws Exception {
    Path html = dir.resolve("bars.html");
    SweepReport.write(html, "bars", "", Map.of(), List.of(noSweep(null)));
    JsonNode check = HeadlessChromium.assertDrawn(html, 2);
    JsonNode value = drawn(check, "figure-0");
    // The top bar is 240 with an error bar up to 900: the axis reaches above 900.
    assertNotNull(value.get("yAxis"), value.toString());
    assertTrue(
        value.get("yAxis").get(1).asDouble() >= 900 * 1.05, "room for 900's label: " + value);
    assertEquals(CONFIGS, texts(value.get("categories")));
    JsonNode bars = value.get("bars").get(0);
    for (int c = 0; c < 3; c++) {
      assertTrue(bars.get("valuePixels").get(c).asInt() > 0, "bar " + c + " painted: " + bars);
    }
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "sweep-no-sweep-bars.png"), 1280, 1100);
  }

  @Test
  void twoSeriesWithTheSameValuesAreBothVisible() throws Exception {
    List<String> points = List.of("1", "10", "100");
    double[][] reported = {{10, 50, 90}, {10, 50, 90}, {20, 60, 70}};
    double[][][] iterations = new double[3][3][];
    for (int c = 0; c < 3; c++) {
      for (int p = 0; p < 3; p++) {
        iterations[c][p] = new double[] {reported[c][p]};
      }
    }
    SweepFigure f =
        new SweepFigure(
            "figure-0",
            "rr: rate (ops/s)",
            "users",
            false,
            points,
            CONFIGS,
            reported,
            iterations,
            new int[3][3]);
    Path html = dir.resolve("lines.html");
    SweepReport.write(html, "lines", "", Map.of(), List.of(f));
    JsonNode check = HeadlessChromium.assertDrawn(html, 2);
    JsonNode lines = drawn(check, "figure-0").get("lines");
    assertEquals(3, lines.size(), lines.toString());
    // bridged and sriov coincide: sriov is drawn over bridged, yet both are seen about as much as
    // bare-metal, a line of its own.
    int alone = lines.get(2).get("pixels").asInt();
    assertTrue(alone > 20, "bare-metal drawn: " + lines);
    for (int c = 0; c < 2; c++) {
      assertTrue(lines.get(c).get("pixels").asInt() > alone / 3, c + " visible: " + lines);
    }
    HeadlessChromium.screenshot(
        html, Path.of("target", "screenshots", "sweep-coinciding-lines.png"), 1280, 1100);
  }

  @Test
  void staticSvgChartsColourEachConfigurationsBarAndDashTheirLines() {
    String bars = SvgCharts.svg(SweepReport.valueChart(noSweep(null)));
    for (int c = 0; c < 3; c++) {
      Color colour = Color.decode(Palette.colour(c));
      String rgb =
          "rgb(" + colour.getRed() + "," + colour.getGreen() + "," + colour.getBlue() + ")";
      assertTrue(bars.contains(rgb), "bar " + c + " in " + rgb);
    }
    Chart.Series a = Chart.Series.of("a", new double[] {1, 2, 3});
    Chart.Series b = Chart.Series.of("b", new double[] {1, 2, 3});
    String lines =
        SvgCharts.svg(
            Chart.of("l", "l", Chart.Kind.SWEEP, "x", "y", List.of("1", "2", "3"), List.of(a, b)));
    assertTrue(lines.contains("stroke-dasharray"), "the second line is dashed");
  }

  private static JsonNode drawn(JsonNode check, String id) {
    for (JsonNode d : check.get("drawn")) {
      if (d.get("id").asText().equals(id)) {
        return d;
      }
    }
    throw new AssertionError("no chart " + id + " drawn: " + check);
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new java.util.ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
