package io.loadlab.campaign.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.campaign.run.ServicesTest;
import io.loadlab.cli.CliRun;
import io.loadlab.core.report.FigureLabels;
import io.loadlab.core.report.HeadlessChromium;
import io.loadlab.core.util.Numbers;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MRG report's throughput best-over table (Figures 20-22: the best transfers/s per size and its
 * MB/s) from a real {@code amqp throughput} campaign on the embedded broker: an MB/s column beside
 * each configuration's best rate, from the best cell, in report.md and in report.html as Chromium
 * renders it.
 */
@Timeout(300)
class BestTablesCampaignTest {
  @TempDir Path dir;

  @Test
  void theBestThroughputHasItsMbPerSecInBothReports() throws Exception {
    int port = ServicesTest.freePort();
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: mrg-best
        iterations: 1
        report: best
        configurations:
          - name: here
            services:
              - {run: broker, options: {host: 127.0.0.1, port: %d}, ready-port: %d}
        steps:
          - name: throughput
            run: amqp throughput
            options: {broker: "amqp://127.0.0.1:%d", count: 2000, duration: 1s, size: 256}
            sweep: {npubs: [1, 2]}
            best-over: [npubs]
            figures: [transfersPerSec, mbPerSec]
        """
            .formatted(port, port, port));
    Path out = dir.resolve("out");
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());

    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    JsonNode best = null;
    for (JsonNode b : m.get("best")) {
      if (b.get("figure").asText().equals("transfersPerSec")) {
        best = b;
      }
    }
    assertNotNull(best, m.get("best").toString());
    // The best rate's MB/s is its own cell's, the better of the two publisher counts.
    JsonNode bestCell = null;
    double top = -1;
    for (JsonNode c : m.get("cells")) {
      double rate = c.get("reported").get("transfersPerSec").asDouble();
      if (rate > top) {
        top = rate;
        bestCell = c;
      }
    }
    assertEquals(top, best.get("value").asDouble(), 1e-9);
    double mb = bestCell.get("reported").get("mbPerSec").asDouble();
    assertTrue(mb > 0, bestCell.toString());
    assertEquals(mb, best.get("mbPerSec").asDouble(), 1e-9);

    String title =
        "throughput: " + FigureLabels.of("transfersPerSec") + " and MB/s, best over npubs";
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("## " + title + "\n"), md);
    String table = md.substring(md.indexOf("## " + title));
    assertTrue(table.contains("| point | here | here MB/s |"), table);
    String row = table.substring(table.indexOf("| all |"));
    row = row.substring(0, row.indexOf('\n'));
    assertEquals(
        "| all | "
            + Numbers.format(top)
            + " at "
            + "npubs="
            + bestCell.get("point").get("npubs").asText()
            + " (1.00×) | "
            + Numbers.format(mb)
            + " |",
        row);

    Path html = out.resolve(CampaignHtml.FILE);
    String page = Files.readString(html);
    assertTrue(page.contains(title), "the same table in report.html");
    String dom = HeadlessChromium.dumpDom(html);
    int at = dom.indexOf(title);
    assertTrue(at >= 0, "rendered: " + title);
    String rendered = dom.substring(at, dom.indexOf("</table>", at));
    assertTrue(rendered.contains(">here MB/s</th>"), rendered);
    assertTrue(rendered.contains(Numbers.format(mb)), rendered);
    JsonNode check = HeadlessChromium.check(html);
    assertEquals(0, check.get("errors").size(), check.toString());
  }
}
