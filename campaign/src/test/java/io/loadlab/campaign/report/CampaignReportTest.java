package io.loadlab.campaign.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.results.Manifest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's table of the testbeds' phases. */
class CampaignReportTest {
  @Test
  void showsEachTestbedsPhasesAndNothingWithoutThem() {
    Manifest m = new Manifest();
    StringBuilder none = new StringBuilder();
    CampaignReport.phases(m, none);
    assertEquals("", none.toString(), "no configuration times, no table");
    m.configurationTimes = new LinkedHashMap<>();
    Manifest.ConfigurationTime lab = new Manifest.ConfigurationTime();
    lab.upSeconds = 1.0;
    m.configurationTimes.put("lab", lab);
    CampaignReport.phases(m, none);
    assertEquals("", none.toString(), "no phases recorded, no table");
    Manifest.ConfigurationTime guests = new Manifest.ConfigurationTime();
    guests.phases = new LinkedHashMap<>();
    for (Map.Entry<String, Double> e :
        Map.of(
                "apply", 4.6,
                "bootToSsh", 32.1,
                "install", 60.2,
                "servicesReady", 57.2,
                "runs", 223.8,
                "teardown", 9.4)
            .entrySet()) {
      guests.phases.put(e.getKey(), e.getValue());
    }
    m.configurationTimes.put("bridged", guests);
    StringBuilder sb = new StringBuilder();
    CampaignReport.phases(m, sb);
    String text = sb.toString();
    assertTrue(
        text.contains(
            "| configuration | apply | boot to SSH | install | services ready | runs | teardown |"),
        text);
    assertTrue(text.contains("| bridged | 4.6 | 32.1 | 60.2 | 57.2 | 223.8 | 9.4 |"), text);
    assertTrue(!text.contains("| lab |"), text);
  }
}
