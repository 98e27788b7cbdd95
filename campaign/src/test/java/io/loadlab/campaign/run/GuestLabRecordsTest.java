package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.GuestLabPhases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The phases of a testbed's bring-up, read from the provisioner's action log of that apply. */
class GuestLabRecordsTest {
  @TempDir Path dir;

  @Test
  void splitsTheBringUpIntoPhasesByTheLoggedActions() throws Exception {
    Path testbed = dir.resolve("testbed.yaml");
    Files.writeString(
        dir.resolve("testbed.yaml.actions.log"),
        String.join(
            "\n",
            "2025-12-31T23:59:00Z apply ok g1: define domain (an earlier apply: not this one)",
            "2026-01-01T00:00:02Z apply ok this: create bridge ll-x0 with address 10.0.0.1/24",
            "2026-01-01T00:00:02.500Z apply ok g1: define domain (1 vCPUs, 512M)",
            "2026-01-01T00:00:30.500Z apply ok g1: start, and learn its SSH host key from its console",
            "2026-01-01T00:01:00.500Z apply ok g1: install loadlab x.tar.gz into loadlab once the"
                + " guest answers over SSH",
            "2026-01-01T00:01:10.500Z apply ok g1: start net-serve once the guest answers over SSH",
            "2026-01-01T00:05:01Z teardown ok g1: undefine domain",
            ""));
    Campaign.Configuration c =
        new Campaign.Configuration(
            "bridged", Campaign.Kind.TESTBED, testbed, false, Map.of(), null, Set.of(), List.of());
    Map<String, Double> p =
        GuestLabRecords.phases(
            c,
            dir.resolve("configurations"),
            Instant.parse("2026-01-01T00:00:00Z"),
            Instant.parse("2026-01-01T00:01:20.500Z"),
            Instant.parse("2026-01-01T00:05:00.500Z"),
            Instant.parse("2026-01-01T00:05:10Z"));
    // apply: the bridge and the definition (2.5 s) and the rest of the bring-up not logged (10 s).
    assertEquals(
        Map.of(
            "apply", 12.5,
            "bootToSsh", 28.0,
            "install", 30.0,
            "servicesReady", 10.0,
            "runs", 220.0,
            "teardown", 9.5),
        p);
    assertEquals(GuestLabPhases.PHASES, List.copyOf(p.keySet()));
    assertEquals(
        p,
        new ObjectMapper()
            .readValue(dir.resolve("configurations/bridged.phases.json").toFile(), Map.class));
    assertEquals(
        "apply 12.5 s, boot to SSH 28.0 s, install 30.0 s, services ready 10.0 s, runs 220.0 s,"
            + " teardown 9.5 s",
        GuestLabPhases.describe(p));
  }
}
