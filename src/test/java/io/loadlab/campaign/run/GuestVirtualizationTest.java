package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.GuestsRan;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.cli.CliRun;
import io.loadlab.provision.plan.GuestDomains;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a configuration's guests ran, recorded once they are up: per guest from libvirt's live domain
 * where it answers (here its test driver), else from the guest's own kernel command line; in
 * campaign.json, and in the description every run of the configuration records as its result's
 * {@code testbed} section.
 */
@Timeout(120)
class GuestVirtualizationTest {
  @TempDir Path dir;

  private Testbed testbed() throws Exception {
    Files.writeString(dir.resolve("id_test"), "not a real key\n");
    Files.writeString(dir.resolve("known_hosts"), "");
    Path file = dir.resolve("testbed.yaml");
    Files.writeString(
        file,
        """
        name: guest-lab
        hosts:
          kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts, libvirt: "test:///default"}
          far: {address: 10.0.0.2, user: root, key-file: id_test, known-hosts: known_hosts}
        guests:
          test: {host: kvm1, base-volume: base.qcow2, vcpus: 1, memory: 1G}
          client: {host: far, base-volume: base.qcow2, vcpus: 1, memory: 1G}
        """);
    return TestbedFile.read(file);
  }

  private static boolean libvirt() {
    return Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libvirt.so.0"))
        || Files.exists(Path.of("/usr/lib/aarch64-linux-gnu/libvirt.so.0"))
        || Files.exists(Path.of("/usr/lib64/libvirt.so.0"));
  }

  @Test
  void recordsEachGuestFromLibvirtOrItsOwnWordInCampaignJsonAndTheRunsTestbed() throws Exception {
    Testbed t = testbed();
    Map<String, Map<String, Object>> facts = new LinkedHashMap<>();
    facts.put("test", new LinkedHashMap<>(Map.of("virtualization", "tcg", "cpuModelName", "x")));
    facts.put(
        "client",
        new LinkedHashMap<>(
            Map.of("virtualization", "tcg", "cpuModelName", " QEMU Virtual CPU version 2.5+ ")));
    Campaign.Configuration c =
        new Campaign.Configuration(
            "bridged",
            Campaign.Kind.TESTBED,
            dir.resolve("testbed.yaml"),
            false,
            Map.of(),
            null,
            Set.of(),
            List.of());
    Manifest m = new Manifest();
    Path logDir = dir.resolve("out/configurations");
    // Without libvirt: the guests' own word (loadlab.virt= on their kernel command line).
    GuestsRan own = GuestVirtualization.record(c, t, facts, null, logDir, m);
    assertEquals("tcg", own.type);
    assertTrue(own.emulated());
    assertEquals("x, QEMU Virtual CPU version 2.5+", own.cpuModel);
    assertEquals(own, m.virtualization.get("bridged"));
    JsonNode d =
        new ObjectMapper()
            .readTree(logDir.resolve("bridged" + GuestVirtualization.TESTBED_JSON).toFile());
    assertEquals("guest-lab", d.get("name").asText());
    assertEquals("bridged", d.get("configuration").asText());
    assertEquals("tcg", d.get("virtualization").get("kvm1").asText(), d.toString());
    assertEquals("tcg", d.get("guests").get("client").get("virtualization").asText());
    assertEquals("far", d.get("guests").get("client").get("host").asText());
    assertFalse(d.get("guests").get("client").has("type"), d.toString());

    assumeTrue(libvirt(), "native libvirt is not installed (CI installs libvirt0)");
    try (GuestDomains domains = GuestDomains.open(t)) {
      // libvirt's word wins where it answers (the test driver's own type), the guest's elsewhere.
      GuestsRan ran = GuestVirtualization.of(t, facts, domains);
      assertEquals("test", ran.guests.get("test").get("type"));
      assertNull(ran.guests.get("test").get("cpuModel"));
      assertEquals("tcg", ran.guests.get("client").get("type"));
      assertEquals("test,tcg", ran.type);
    }
  }

  /**
   * A run of a configuration with a recorded description records it (its result.json's {@code
   * testbed}), and its host load goes into campaign.json; the command line kept for a resume is the
   * step's own.
   */
  @Test
  void aRunOfTheConfigurationRecordsItsTestbedAndTheHostLoad() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: described
        iterations: 1
        configurations:
          - name: bridged
        steps:
          - name: rr
            run: net rr
            options: {duration: 1s, interval: 500ms}
        """);
    Path out = dir.resolve("out");
    Files.createDirectories(out.resolve("configurations"));
    Files.writeString(
        out.resolve("configurations/bridged" + GuestVirtualization.TESTBED_JSON),
        """
        {"name": "guest-lab", "configuration": "bridged", "virtualization": {"this": "tcg"},
         "cpuModel": "qemu64", "guests": {"g1": {"host": "this", "virtualization": "tcg"}}}
        """);
    CliRun run = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(0, run.code(), run.out() + run.err());
    JsonNode m = new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
    JsonNode r = m.get("runs").get(0);
    assertFalse(r.get("commandLines").toString().contains("--testbed"), r.toString());
    JsonNode load = r.get("hostLoad");
    assertTrue(load.get("start").asDouble() >= 0 && load.get("end").asDouble() >= 0, r.toString());
    assertEquals(Runtime.getRuntime().availableProcessors(), load.get("cpus").asInt());
    JsonNode result =
        new ObjectMapper()
            .readTree(out.resolve(r.get("dir").asText()).resolve("result.json").toFile());
    assertEquals("tcg", result.get("testbed").get("virtualization").get("this").asText());
    assertEquals("qemu64", result.get("testbed").get("cpuModel").asText());
  }
}
