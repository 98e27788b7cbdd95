package io.loadlab.campaign.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.GuestsRan;
import io.loadlab.campaign.results.HostLoad;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.report.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A guest lab's campaign as issue 48 found it: the configuration named "KVM bridged" ran its guests
 * under TCG (emulated) at a host load of 20 on 2 CPUs, the native baseline at load 1, and its rate
 * was 0.0042 of the baseline's. The reports say how the guests ran beside the configuration's name,
 * flag the KVM label, note the emulation and the load under each table, and print the ratio with
 * its digits.
 */
@Timeout(120)
class GuestConditionsReportTest {
  @TempDir Path dir;

  static Manifest guestLab(boolean recorded) {
    Manifest m = new Manifest();
    m.campaign = "guest-lab";
    m.status = "complete";
    m.rule = "median";
    m.baseline = "native";
    m.configurations = List.of("native", "bridged");
    m.attributes = new LinkedHashMap<>();
    m.attributes.put("native", Map.of("method", "Host native"));
    m.attributes.put("bridged", Map.of("method", "KVM bridged"));
    Manifest.StepInfo step = new Manifest.StepInfo();
    step.name = "rr";
    step.command = "net rr";
    step.figures = List.of("rate");
    step.sweep = Map.of("users", List.of("1"));
    m.steps = List.of(step);
    for (String conf : m.configurations) {
      boolean guests = conf.equals("bridged");
      Manifest.RunEntry r = new Manifest.RunEntry();
      r.id = conf + "/rr/users=1/1";
      r.cell = conf + "/rr/users=1";
      r.configuration = conf;
      r.step = "rr";
      r.point = Map.of("users", "1");
      r.iteration = 1;
      r.status = "ok";
      r.figures = Map.of("rate", guests ? 42.0 : 10_000.0);
      if (recorded) {
        r.hostLoad = new HostLoad();
        r.hostLoad.start = guests ? 19.0 : 0.9;
        r.hostLoad.end = guests ? 21.0 : 1.1;
        r.hostLoad.cpus = 2;
      }
      m.runs.add(r);
    }
    if (recorded) {
      GuestsRan g = new GuestsRan();
      g.type = "tcg";
      g.cpuModel = "qemu64";
      g.guests.put("ll-gl-client", Map.of("type", "tcg", "cpuModel", "qemu64"));
      m.virtualization = new LinkedHashMap<>(Map.of("bridged", g));
    }
    m.tables =
        List.of(
            new LayoutTable(
                "Request/response",
                null,
                List.of("users"),
                "Users",
                List.of("method"),
                Map.of(),
                "reported",
                null,
                List.of(new LayoutTable.Value("rr", "rate", "tx/s", "Throughput", null)),
                Map.of(),
                null));
    CellStatistics.update(m);
    return m;
  }

  @Test
  void reportsSayHowTheGuestsRanAndFlagAKvmLabelOverTcg() throws Exception {
    Manifest m = guestLab(true);
    String md = CampaignReport.write(m, dir);
    // Beside the configuration's name, in the default table and the campaign's own.
    assertTrue(md.contains("| users | native | bridged (TCG, emulated) |"), md);
    assertTrue(md.contains("Throughput (tx/s) method=KVM bridged (TCG, emulated)"), md);
    assertTrue(
        md.contains(
            "- bridged: guests ran under TCG (QEMU's emulation, no KVM), CPU model qemu64."),
        md);
    String flag = "⚠ bridged is labelled \"KVM bridged\", but its guests ran under TCG";
    assertTrue(md.contains(flag), md);
    // Under each table: the emulation and the host load its cells were measured under.
    String load =
        "Host load differed: bridged/rr/users=1 was measured at a mean load average of 20.0,"
            + " native/rr/users=1 at 1.0, on a machine of 2 CPUs";
    assertEquals(2, count(md, load), "under both tables: " + md);
    assertEquals(2, count(md, "Under emulation: bridged was measured in guests QEMU emulated"), md);
    // A ratio that two decimals would print as 0.00×.
    assertTrue(md.contains("(0.0042×)"), md);
    assertFalse(md.contains("0.00×"), md);

    String html = Files.readString(dir.resolve(CampaignHtml.FILE));
    assertTrue(html.contains("<th>bridged (TCG, emulated)</th>"), html);
    assertTrue(html.contains("guests of bridged"), html);
    assertTrue(html.contains("TCG, emulated; CPU model qemu64"), html);
    assertTrue(
        html.contains(
            "<div class=\"warning kvm-emulated\" role=\"note\"><strong>Warning:</strong>"
                + " bridged is labelled &quot;KVM bridged&quot;"),
        html);
    assertTrue(html.contains("Host load differed"), html);
    assertTrue(html.contains("0.0042×"), html);
    // The browser draws the page with the labels (two charts of the table, two of the step).
    var check = HeadlessChromium.assertDrawn(dir.resolve(CampaignHtml.FILE), 3);
    assertTrue(check.toString().contains("bridged (TCG, emulated)"), check.toString());
    String dom = HeadlessChromium.dumpDom(dir.resolve(CampaignHtml.FILE));
    assertTrue(dom.contains("bridged is labelled"), "the flag is on the page as drawn");
  }

  @Test
  void aKvmLabelOfTheRunsIsFlaggedTooAndKvmGuestsAreNot() throws Exception {
    Manifest m = guestLab(true);
    m.attributes.put("bridged", Map.of("method", "Bridged"));
    m.runs.get(1).commandLines = List.of(List.of("net", "rr", "--label", "kvm-bridge"));
    String md = CampaignReport.markdown(m);
    assertTrue(
        md.contains("⚠ bridged is labelled \"kvm-bridge\", but its guests ran under TCG"), md);
    m.virtualization.get("bridged").type = "kvm";
    md = CampaignReport.markdown(m);
    assertTrue(md.contains("| users | native | bridged (KVM) |"), md);
    assertFalse(md.contains("⚠") || md.contains("Under emulation"), md);
  }

  @Test
  void aCampaignWithoutGuestsOrLoadRecordedReadsAsBefore() throws Exception {
    String md = CampaignReport.write(guestLab(false), dir);
    assertTrue(md.contains("| users | native | bridged |"), md);
    assertFalse(md.contains("How the guests ran"), md);
    assertFalse(md.contains("Host load differed"), md);
    assertFalse(md.contains("emulat"), md);
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      n++;
    }
    return n;
  }
}
