package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.report.CampaignHtml;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The z/VM rehearsal's Table 4 shape (values in rows, MTU across): the STRG run at MTU 9000 and 20
 * users recorded the server's CPU but not the client's, so its "CPU time per MB" cell is empty. The
 * cell says why, in its note, in report.md and report.html.
 */
@Timeout(120)
class EmptyCellNoteTest {
  @TempDir Path dir;

  private static Manifest manifest() {
    Manifest m = new Manifest();
    m.campaign = "zvm";
    m.status = "ok";
    m.rule = "median-stddev";
    m.baseline = "b1500";
    m.configurations = List.of("b1500", "b9000");
    m.attributes = new LinkedHashMap<>();
    m.attributes.put("b1500", Map.of("device", "QDIO GbE", "MTU", "1500"));
    m.attributes.put("b9000", Map.of("device", "QDIO GbE", "MTU", "9000"));
    Manifest.StepInfo s = new Manifest.StepInfo();
    s.name = "strg";
    s.command = "net stream";
    s.figures = List.of("bytesPerSec", "cpuProcessUsPerMB");
    s.sweep = Map.of("users", List.of("1", "20"));
    s.iterations = "1";
    s.machines.add("client1");
    m.steps = List.of(s);
    for (String c : m.configurations) {
      for (String users : List.of("1", "20")) {
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("bytesPerSec", 4e7);
        f.put("count", 20.0);
        f.put("cpuServerUsPerOp", 9000.0);
        if (!(c.equals("b9000") && users.equals("20"))) {
          f.put("cpuClientUsPerOp", 11000.0);
          f.put("cpuProcessUsPerMB", 1000.0);
        }
        Manifest.RunEntry r = new Manifest.RunEntry();
        r.point = Map.of("users", users);
        r.cell = c + "/strg/" + Matrix.label(r.point);
        r.id = r.cell + "/1";
        r.configuration = c;
        r.step = "strg";
        r.iteration = 1;
        r.status = "ok";
        r.figures = f;
        r.intervalSd = 1.0;
        m.runs.add(r);
      }
    }
    m.tables =
        List.of(
            new LayoutTable(
                "Throughput and CPU Time: QDIO GbE",
                null,
                List.of("users"),
                "Workload / number of users",
                List.of("MTU"),
                Map.of("device", "QDIO GbE"),
                "reported",
                "lines",
                List.of(
                    new LayoutTable.Value("strg", "bytesPerSec", "MB/s", "STRG Throughput", null),
                    new LayoutTable.Value(
                        "strg", "cpuProcessUsPerMB", "ms", "STRG CPU time per MB", null)),
                Map.of(),
                LayoutTable.ROWS));
    io.loadlab.campaign.results.CellStatistics.update(m);
    return m;
  }

  private static final String NOTE =
      "¹ STRG CPU time per MB (ms) / 20, MTU=9000: its ok run (20 operations) recorded the server's"
          + " own CPU but not the client's, so the two processes' CPU cannot be added.";

  @Test
  void anEmptyCellSaysWhyInItsNote() throws Exception {
    LayoutTables.Computed t = LayoutTables.of(manifest()).get(0);
    LayoutTables.Cell empty = t.cells()[3][1];
    assertEquals("STRG CPU time per MB (ms) / 20", t.rows().get(3));
    assertEquals("—", empty.text());
    assertTrue(empty.note().contains("not the client's"), empty.note());
    assertNull(t.cells()[3][0].note(), "a cell with a value has no note");
    assertEquals(List.of(NOTE), LayoutReport.notes(t));

    String md = CampaignReport.write(manifest(), dir);
    assertTrue(md.contains("| STRG CPU time per MB (ms) / 20 | 1 | — ¹ |"), md);
    assertTrue(md.contains("\n" + NOTE + "\n"), md);
    // The step's default table too.
    assertTrue(md.contains("| 20 | 1,000 (1.00×) | — ¹ |"), md);
    assertTrue(md.contains("\n¹ 20, b9000: its ok run (20 operations) recorded the server's"), md);
    String html = Files.readString(dir.resolve(CampaignHtml.FILE));
    assertTrue(html.contains("— ¹"), "the mark in report.html's cell");
    assertTrue(html.contains(NOTE.replace("'", "&#39;")) || html.contains(NOTE), html);
  }

  @Test
  void aCellWithAllItsValuesHasNoNote() {
    Manifest m = manifest();
    m.runs.forEach(r -> r.figures.put("cpuProcessUsPerMB", 1000.0));
    io.loadlab.campaign.results.CellStatistics.update(m);
    LayoutTables.Computed t = LayoutTables.of(m).get(0);
    assertTrue(LayoutReport.notes(t).isEmpty());
    assertFalse(CampaignReport.markdown(m).contains("¹"));
  }
}
