package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.jtl.JtlImporter;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.report.RunReport;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JTL of a real JMeter run of an example plan converts into loadlab's run report with the
 * per-label counts of JMeter's own dashboard ({@code jmeter -g run.jtl -o dir}).
 */
@Timeout(240)
class JtlReportIT {
  @TempDir Path dir;

  @Test
  void jtlOfARealPlanConvertsWithTheDashboardsCounts() throws Exception {
    RealJMeter jmeter = RealJMeter.installed();
    Path jtl = dir.resolve("run.jtl");
    try (NetServer net = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      Path console = dir.resolve("console.txt");
      int exit =
          jmeter.run(
              List.of(
                  "-n",
                  "-t",
                  Path.of(System.getProperty("loadlab.plans"), "net-rr.jmx").toString(),
                  "-l",
                  jtl.toString(),
                  "-j",
                  dir.resolve("jmeter.log").toString(),
                  "-Jduration=2",
                  "-Jthreads=2",
                  "-Jnet.port=" + net.port(),
                  "-Jloadlab.results=" + dir.resolve("loadlab")),
              console,
              Duration.ofSeconds(150));
      assertEquals(0, exit, Files.readString(console));
    }
    Path dashboard = dir.resolve("dashboard");
    Path log = dir.resolve("jmeter-g.log");
    int code =
        jmeter.run(
            List.of("-g", jtl.toString(), "-o", dashboard.toString(), "-j", log + ".jmeter"),
            log,
            Duration.ofSeconds(150));
    assertEquals(0, code, Files.readString(log));
    JsonNode stats = ResultJson.mapper().readTree(dashboard.resolve("statistics.json").toFile());

    JtlImporter.Import imported = JtlImporter.read(jtl, null);
    Map<String, OperationStats> totals = imported.result().totals();
    int labels = 0;
    for (Iterator<String> it = stats.fieldNames(); it.hasNext(); ) {
      String label = it.next();
      if (label.equals("Total")) {
        continue;
      }
      labels++;
      OperationStats op = totals.get(label);
      assertTrue(op != null, label + " is missing from " + totals.keySet());
      assertEquals(stats.get(label).get("sampleCount").asLong(), op.count(), label);
      assertEquals(stats.get(label).get("errorCount").asLong(), op.errors(), label);
    }
    assertEquals(labels, totals.size());
    assertTrue(totals.get("rr").count() > 10, "rr samples: " + totals.get("rr").count());
    Path html = dir.resolve("report.html");
    new RunReport(imported.result(), imported.histograms()).write(html);
    assertTrue(Files.readString(html).contains("<td>rr</td>"));
  }
}
