package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.report.CampaignHtml;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table's {@code labels:} (seed 004's "Client 1" … "Total OPM", seed 001's "Native/Bare Metal")
 * show in place of the factors' values in row cells, column headers, report.md, table-N.csv,
 * report.html and its charts' categories and series, and survive campaign.json.
 */
@Timeout(120)
class LayoutLabelsTest {
  @TempDir Path dir;

  /** {@link LayoutTablesTest#manifest()} with two labelled tables. */
  static Manifest manifest() {
    Manifest m = LayoutTablesTest.manifest();
    Map<String, String> clients = new LinkedHashMap<>();
    clients.put("client 1", "Client 1");
    clients.put("client 2", "Client 2");
    clients.put("total", "Total OPM");
    clients.put("Virtual", "SR-IOV");
    m.tables =
        List.of(
            new LayoutTable(
                "Orders per minute",
                null,
                List.of("client"),
                "Client",
                List.of("method"),
                Map.of("MTU", "1500"),
                "mean",
                "bars",
                List.of(new LayoutTable.Value("ds2", "opm", null, "OPM", null)),
                clients,
                null),
            new LayoutTable(
                "TCP",
                null,
                List.of("method", "MTU"),
                null,
                List.of(),
                Map.of("request", "1"),
                "mean",
                null,
                List.of(new LayoutTable.Value("rr", "p50Us", "µs", "Latency", null)),
                Map.of("Native", "Native/Bare Metal", "9000", "jumbo"),
                null));
    return m;
  }

  @Test
  void labelsReplaceTheValuesInRowsAndHeaders() {
    List<LayoutTables.Computed> tables = LayoutTables.of(manifest());
    LayoutTables.Computed opm = tables.get(0);
    assertEquals(List.of("Client 1", "Client 2", "Total OPM"), opm.rows());
    assertEquals(
        List.of("OPM (opm) method=Native", "OPM (opm) SR-IOV"),
        opm.columns().stream().map(LayoutTables.Column::header).toList());
    // mean of 1000 f + i over 3 iterations, f = 0.8 for Virtual
    assertEquals(802, opm.cells()[0][1].value(), 1e-9);
    assertEquals(3004, opm.cells()[2][0].value(), 1e-9);
    // rows in the factors' own order, each value shown by its label
    assertEquals(
        List.of(
            "Native/Bare Metal / 1500",
            "Native/Bare Metal / jumbo",
            "Virtual / 1500",
            "Virtual / jumbo"),
        tables.get(1).rows());
  }

  @Test
  void reportMdCsvHtmlAndChartsShowTheLabels() throws Exception {
    Manifest m = manifest();
    String md = CampaignReport.write(m, dir);
    assertTrue(
        md.contains(
            "## Orders per minute\n\n"
                + "| Client | OPM (opm) method=Native | OPM (opm) SR-IOV |\n"
                + "|---|---:|---:|\n"
                + "| Client 1 | 1,002 | 802 |\n"),
        md);
    assertTrue(md.contains("\n| Total OPM | 3,004 | 2,404 |\n"), md);
    assertTrue(md.contains("\n| Native/Bare Metal / jumbo | "), md);
    assertEquals(
        List.of(
            "Client,OPM (opm) method=Native,OPM (opm) SR-IOV",
            "Client 1,1002,802",
            "Client 2,2002,1602",
            "Total OPM,3004,2404"),
        Files.readAllLines(dir.resolve("table-1.csv")));
    assertEquals(
        "Native/Bare Metal / jumbo,100", Files.readAllLines(dir.resolve("table-2.csv")).get(2));

    // campaign.json keeps the labels, so campaign report DIR shows them again.
    m.write(dir);
    Manifest again = Manifest.read(dir.resolve("campaign.json"));
    assertEquals("Total OPM", again.tables.get(0).labels().get("total"));
    assertEquals(md, CampaignReport.markdown(again));
    assertFalse(
        new ObjectMapper()
            .writeValueAsString(LayoutTablesTest.manifest().tables)
            .contains("labels"),
        "a table without labels is saved as before");

    Path html = dir.resolve(CampaignHtml.FILE);
    String text = Files.readString(html);
    assertTrue(
        text.contains("<th>Client</th><th>OPM (opm) method=Native</th><th>OPM (opm) SR-IOV</th>"),
        text);
    assertTrue(text.contains("<tr><td>Total OPM</td>"), text);
    int charts = text.split("class=\"chart\"", -1).length - 1;
    JsonNode check = HeadlessChromium.assertDrawn(html, charts);
    JsonNode opm = null;
    JsonNode tcp = null;
    for (JsonNode c : check.get("drawn")) {
      if (c.get("id").asText().equals("table-1-value-0")) {
        opm = c;
      } else if (c.get("id").asText().equals("table-2-value-0")) {
        tcp = c;
      }
    }
    assertTrue(opm != null && tcp != null, check.toString());
    assertEquals(List.of("Client 1", "Client 2", "Total OPM"), texts(opm.get("categories")));
    List<String> series = new ArrayList<>();
    opm.get("bars").forEach(b -> series.add(b.get("name").asText()));
    assertEquals(List.of("method=Native", "SR-IOV"), series);
    assertEquals("Native/Bare Metal / 1500", tcp.get("categories").get(0).asText());
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
