package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real small campaign with a report layout: two configurations with attributes running {@code net
 * rr} on loopback, whose report.md, table-1.csv and report.html start with the file's table, and
 * whose {@code campaign report DIR} reproduces it from campaign.json alone.
 */
@Timeout(180)
class LayoutCampaignTest {
  @TempDir Path dir;

  @Test
  void theFilesTableComesFirstAndCampaignReportReproducesIt() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: layout
        iterations: 2
        configurations:
          - {name: nodelay, vars: {nd: "on"}, attributes: {method: "No delay", MTU: 1500}}
          - {name: delayed, vars: {nd: "off"}, attributes: {method: Nagle, MTU: 1500}}
        steps:
          - name: rr
            run: net rr
            options: {duration: 1s, interval: 200ms, nodelay: "${nd}"}
            figures: [rate, meanUs]
        tables:
          - title: TCP
            caption: "Loopback; each run 1 s."
            rows: method
            row-label: Networking Method
            columns: MTU
            statistic: mean
            labels: {Nagle: "Nagle (delayed ACK)"}
            values:
              - {step: rr, figure: meanUs, unit: ms, label: Latency}
              - {step: rr, figure: rate, unit: tx/s, label: Transactions, statistic: median}
        """);
    Path out = dir.resolve("out");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());

    String report = Files.readString(out.resolve("report.md"));
    int status = report.indexOf("Status **");
    int first = report.indexOf("\n## ", status);
    assertTrue(report.startsWith("## TCP\n", first + 1), report);
    String header =
        "| Networking Method | Latency (ms) MTU=1500 | Transactions (tx/s) MTU=1500 |\n";
    assertEquals(report.indexOf(header), report.indexOf("\n|", first) + 1, report);
    assertTrue(report.contains("\n| No delay | "), report);
    assertTrue(report.contains("\n| Nagle (delayed ACK) | "), report);
    assertTrue(
        report.contains(
            "Loopback; each run 1 s.\n\n"
                + "Latency: mean of 2 iterations; Transactions: median of 2 iterations.\n"),
        report);

    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    assertEquals("Nagle", m.get("attributes").get("delayed").get("method").asText());
    assertEquals("1500", m.get("attributes").get("delayed").get("MTU").asText());
    JsonNode table = m.get("tables").get(0);
    assertEquals("Networking Method", table.get("rowLabel").asText());
    assertEquals("[\"method\"]", table.get("rows").toString());
    assertEquals("ms", table.get("values").get(0).get("unit").asText());
    assertEquals("Nagle (delayed ACK)", table.get("labels").get("Nagle").asText());

    // The CSV: the report's header, each number as computed (mean of the runs' means, in ms).
    List<String> csv = Files.readAllLines(out.resolve("table-1.csv"));
    assertEquals(
        "Networking Method,Latency (ms) MTU=1500,Transactions (tx/s) MTU=1500", csv.get(0));
    assertEquals(3, csv.size(), csv.toString());
    double mean = 0;
    for (JsonNode r : m.get("runs")) {
      if (r.get("configuration").asText().equals("nodelay")) {
        mean += r.get("figures").get("meanUs").asDouble() / 2 / 1000;
      }
    }
    assertEquals(mean, Double.parseDouble(csv.get(1).split(",")[1]), mean * 1e-9);

    // campaign report DIR: the same report from campaign.json alone.
    Files.delete(out.resolve("table-1.csv"));
    CliRun again = CliRun.of("campaign", "report", out.toString());
    assertEquals(0, again.code(), again.err());
    assertEquals(report, Files.readString(out.resolve("report.md")));
    assertEquals(csv, Files.readAllLines(out.resolve("table-1.csv")));

    // report.html: the table first, a chart per value, drawn in Chromium without an error.
    Path html = out.resolve("report.html");
    String text = Files.readString(html);
    assertTrue(
        text.contains(
            "<th>Networking Method</th><th>Latency (ms) MTU=1500</th>"
                + "<th>Transactions (tx/s) MTU=1500</th>"),
        text);
    assertEquals(
        text.indexOf("<h2>TCP</h2>"), text.indexOf("<h2>"), "the table is the first section");
    assertTrue(
        text.indexOf("<h2>TCP</h2>") < text.indexOf("id=\"campaign\""), "facts after the table");
    assertTrue(text.contains("<tr><td>Nagle (delayed ACK)</td>"), text);
    // 2 layout charts; per figure (rate, meanUs) its value chart and the ratio chart
    JsonNode check = HeadlessChromium.assertDrawn(html, 6);
    assertEquals("table-1-value-0", check.get("drawn").get(0).get("id").asText());
    assertEquals("table-1-value-1", check.get("drawn").get(1).get("id").asText());
  }
}
