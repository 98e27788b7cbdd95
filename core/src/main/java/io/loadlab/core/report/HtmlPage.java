package io.loadlab.core.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.loadlab.core.util.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One self-contained HTML report: headings, tables and charts, with Apache ECharts (read from its
 * webjar on the class path) and the page's own script inlined, so the file opens offline from disk
 * with no second file and no network request (its Content-Security-Policy forbids any). The page
 * writes what it drew, and any error, into {@code #loadlab-check} so tests can read it.
 */
public final class HtmlPage {
  private static final ObjectMapper CHART_JSON =
      new ObjectMapper()
          .registerModule(new SimpleModule().addSerializer(double[].class, new Doubles()));

  private final String title;
  private final StringBuilder body = new StringBuilder();
  private final List<Chart> charts = new ArrayList<>();

  public HtmlPage(String title) {
    this.title = title;
  }

  /** A section heading. */
  public HtmlPage heading(String text) {
    body.append("<h2>").append(escape(text)).append("</h2>\n");
    return this;
  }

  /** A paragraph of plain text. */
  public HtmlPage paragraph(String text) {
    body.append("<p>").append(escape(text)).append("</p>\n");
    return this;
  }

  /** A paragraph in small print (notes on units and methods). */
  public HtmlPage note(String text) {
    body.append("<p class=\"note\">").append(escape(text)).append("</p>\n");
    return this;
  }

  /** A box that stands out, for what taints the figures near it; {@code kind} is its class. */
  public HtmlPage warning(String kind, String text) {
    body.append("<div class=\"warning ")
        .append(escape(kind))
        .append("\" role=\"note\"><strong>Warning:</strong> ")
        .append(escape(text))
        .append("</div>\n");
    return this;
  }

  /** A list folded under its summary, one click away (a {@code <details>} element). */
  public HtmlPage details(String summary, List<String> items) {
    body.append("<details><summary>").append(escape(summary)).append("</summary>\n<ul>\n");
    items.forEach(i -> body.append("<li>").append(escape(i)).append("</li>\n"));
    body.append("</ul></details>\n");
    return this;
  }

  /** Preformatted text, such as a command line. */
  public HtmlPage code(String text) {
    body.append("<pre>").append(escape(text)).append("</pre>\n");
    return this;
  }

  /** Name and value pairs, as a two-column table. */
  public HtmlPage definitions(String id, Map<String, String> pairs) {
    if (pairs.isEmpty()) {
      return this;
    }
    body.append("<table class=\"defs\" id=\"").append(escape(id)).append("\">\n");
    pairs.forEach(
        (k, v) ->
            body.append("<tr><th>")
                .append(escape(k))
                .append("</th><td>")
                .append(escape(v))
                .append("</td></tr>\n"));
    body.append("</table>\n");
    return this;
  }

  /** A table; numeric cells are right-aligned and carry their exact value. */
  public HtmlPage table(Table table) {
    body.append("<div class=\"scroll\"><table id=\"")
        .append(escape(table.id()))
        .append("\">\n<tr>");
    for (String h : table.header()) {
      body.append("<th>").append(escape(h)).append("</th>");
    }
    body.append("</tr>\n");
    for (List<Table.Cell> row : table.rows()) {
      body.append("<tr>");
      for (Table.Cell c : row) {
        if (c.value() == null) {
          body.append("<td>");
        } else {
          body.append("<td class=\"num\" data-value=\"")
              .append(Double.isNaN(c.value()) ? "" : c.value().toString())
              .append("\">");
        }
        body.append(escape(c.text())).append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</table></div>\n");
    return this;
  }

  /** A chart, if it has data to draw; drawn by ECharts when the page opens. */
  public HtmlPage chart(Chart chart) {
    if (!chart.hasData()) {
      return this;
    }
    charts.add(chart);
    int legendRows = (chart.series().size() + 4) / 5;
    int height = 400 + 22 * Math.max(0, legendRows - 1);
    body.append("<div class=\"chart\" id=\"chart-")
        .append(escape(chart.id()))
        .append("\" style=\"height:")
        .append(height)
        .append("px\"></div>\n");
    return this;
  }

  /** The charts added so far. */
  public List<Chart> charts() {
    return List.copyOf(charts);
  }

  /** Writes the page atomically. */
  public void write(Path file) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          render(w);
          w.flush();
        });
  }

  /** The page as text. */
  public String render() {
    java.io.StringWriter w = new java.io.StringWriter();
    try {
      render(w);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  private void render(Writer w) throws IOException {
    w.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    w.write(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src"
            + " 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n");
    w.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    w.write("<title>" + escape(title) + "</title>\n<style>\n");
    w.write(Assets.CSS);
    w.write("</style>\n<script>\n");
    w.write(Assets.CAPTURE);
    w.write("</script>\n</head><body><main>\n<h1>" + escape(title) + "</h1>\n");
    w.write(body.toString());
    w.write("<pre id=\"loadlab-check\" hidden></pre>\n</main>\n");
    if (!charts.isEmpty()) {
      w.write("<script>\n");
      w.write(Assets.echarts());
      w.write("\n</script>\n");
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("palette", Palette.colours());
    data.put("charts", chartsJson());
    w.write("<script type=\"application/json\" id=\"loadlab-charts\">");
    w.write(CHART_JSON.writeValueAsString(data).replace("</", "<\\/"));
    w.write("</script>\n<script>\n");
    w.write(Assets.SCRIPT);
    w.write("</script>\n</body></html>\n");
  }

  /**
   * The charts as JSON trees; series that share one x array (a timeline) leave it to the chart's
   * {@code x}, written once.
   */
  private List<Object> chartsJson() {
    List<Object> out = new ArrayList<>();
    for (Chart c : charts) {
      com.fasterxml.jackson.databind.node.ObjectNode node = CHART_JSON.valueToTree(c);
      boolean shared = c.series().size() > 1;
      for (Chart.Series s : c.series()) {
        shared &= s.x().length > 0 && java.util.Arrays.equals(s.x(), c.series().get(0).x());
      }
      if (shared) {
        node.set("x", CHART_JSON.valueToTree(c.series().get(0).x()));
        node.withArray("series")
            .forEach(n -> ((com.fasterxml.jackson.databind.node.ObjectNode) n).remove("x"));
      }
      out.add(node);
    }
    return out;
  }

  /** The reports' style sheet, for another page in their style (the live page). */
  public static String style() {
    return Assets.CSS;
  }

  /**
   * The script that keeps the page's errors, console errors and blocked requests for {@code
   * #loadlab-check}: the first script of a page in the reports' style.
   */
  public static String errorCapture() {
    return Assets.CAPTURE;
  }

  /** Apache ECharts from its webjar, safe to put inside a {@code <script>} element. */
  public static String echartsScript() {
    return Assets.echarts();
  }

  /** {@code s} made safe for HTML text and attributes. */
  public static String escape(String s) {
    if (s == null) {
      return "";
    }
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** Chart values: a gap is {@code null}, and no more digits than a picture needs. */
  private static final class Doubles extends JsonSerializer<double[]> {
    @Override
    public void serialize(double[] values, JsonGenerator g, SerializerProvider p)
        throws IOException {
      g.writeStartArray();
      for (double v : values) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
          g.writeNull();
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
          g.writeNumber((long) v);
        } else {
          double abs = Math.abs(v);
          // three or four significant digits: what a chart can show
          double scale = abs >= 1000 ? 1 : abs >= 100 ? 10 : abs >= 1 ? 100 : 1e5;
          g.writeNumber(Math.round(v * scale) / scale);
        }
      }
      g.writeEndArray();
    }
  }

  /** The inlined files: ECharts from its webjar, and the page's own style and scripts. */
  static final class Assets {
    static final String CSS = resource("report.css");
    static final String CAPTURE = resource("capture.js");
    static final String SCRIPT = resource("report.js");
    private static volatile String echarts;

    private Assets() {}

    static String echarts() {
      String js = echarts;
      if (js == null) {
        String version = echartsVersion();
        js =
            read("/META-INF/resources/webjars/echarts/" + version + "/dist/echarts.min.js")
                .replace("</script", "<\\/script");
        echarts = js;
      }
      return js;
    }

    /** The ECharts version on the class path, from its webjar's Maven properties. */
    static String echartsVersion() {
      try (InputStream in =
          HtmlPage.class.getResourceAsStream(
              "/META-INF/maven/org.webjars.npm/echarts/pom.properties")) {
        if (in == null) {
          throw new IllegalStateException(
              "the ECharts webjar (org.webjars.npm:echarts) is not on the class path");
        }
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private static String resource(String name) {
      return read("/io/loadlab/core/report/" + name);
    }

    private static String read(String path) {
      try (InputStream in = HtmlPage.class.getResourceAsStream(path)) {
        if (in == null) {
          throw new IllegalStateException(path + " is missing from the class path");
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
