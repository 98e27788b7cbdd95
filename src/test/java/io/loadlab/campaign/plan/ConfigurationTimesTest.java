package io.loadlab.campaign.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.StepCommands;
import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A configuration's time around its runs: defaults per kind (lab hosts, servers by command, {@code
 * ds2 load} by size), measured parts where a campaign.json recorded them, and how the estimate
 * counts them: every configuration with runs left, the current one only for its bring-down.
 */
class ConfigurationTimesTest {
  @TempDir Path dir;

  private static final List<String> NET_SERVE = List.of("net", "serve", "--port", "12865");
  private static final List<String> DATABASE = List.of("database", "--port", "5432");

  @Test
  void defaultsCountLabHostsServersAndTheDatabaseSize() throws Exception {
    Path lab = dir.resolve("lab.yaml");
    Files.writeString(
        lab,
        """
        name: t
        hosts: {client1: {}, server1: {}, db1: {}}
        links:
          - {name: lan, kind: bridge, hosts: [client1, server1, db1], subnet: 10.213.99.0/24}
        """);
    Campaign.Configuration c =
        configuration(
            Campaign.Kind.LAB,
            lab,
            false,
            List.of(
                new Campaign.Service("server1", NET_SERVE, 12865),
                new Campaign.Service("db1", DATABASE, 5432),
                setup(List.of("ds2", "load", "--db-size", "1GB")),
                setup(List.of("ds2", "load")),
                setup(List.of("net", "rr", "--duration", "1s"))));
    ConfigurationTimes.Parts d = ConfigurationTimes.defaults(c);
    assertEquals(0.5 + 3 * 0.05, d.up(), 1e-9, "lab up: its JVM and 3 hosts");
    assertEquals(0.75 + 5.0, d.services(), 1e-9, "a net serve and a database");
    assertEquals(
        (2.5 + 1000 * 0.25) + (2.5 + 10 * 0.25) + 3, d.setup(), 1e-9, "1 GB, 10 MB, other");
    assertEquals(0.5 + 3 * 0.2, d.down(), 1e-9, "lab down");
    assertFalse(d.measured());
    assertEquals(d.up() + d.services() + d.setup() + d.down(), d.total(), 1e-9);

    Campaign.Configuration kept = configuration(Campaign.Kind.LAB, lab, true, List.of());
    assertEquals(0, ConfigurationTimes.defaults(kept).down(), 1e-9, "kept: never brought down");
    Campaign.Configuration here = configuration(Campaign.Kind.NONE, null, false, List.of());
    assertEquals(0, ConfigurationTimes.defaults(here).total(), 1e-9, "this machine as it is");
    assertEquals(
        1.5, // broker
        ConfigurationTimes.serverSeconds(List.of("broker", "--port", "5672")),
        1e-9);
    assertEquals(
        ConfigurationTimes.SERVER_SECONDS,
        ConfigurationTimes.serverSeconds(List.of("jmeter", "server")),
        1e-9);
    assertEquals(
        "lab up, 2 services, 3 setup commands", ConfigurationTimes.describe(List.of(c, here)));
    assertEquals("", ConfigurationTimes.describe(List.of(here)));
  }

  @Test
  void measuredPartsReplaceTheDefaultsOfTheirConfigurationOnly() {
    Campaign.Configuration a =
        configuration(
            Campaign.Kind.NONE,
            null,
            false,
            List.of(new Campaign.Service(null, DATABASE, 5432)),
            "a");
    Campaign.Configuration b =
        configuration(
            Campaign.Kind.NONE,
            null,
            false,
            List.of(new Campaign.Service(null, DATABASE, 5432)),
            "b");
    Manifest.ConfigurationTime took = new Manifest.ConfigurationTime();
    took.upSeconds = 0.5;
    took.servicesSeconds = 31.0;
    took.setupSeconds = 0.0; // down not recorded (the campaign was killed while up)
    ConfigurationTimes t = new ConfigurationTimes(Map.of("a", took));
    ConfigurationTimes.Parts pa = t.of(a);
    assertTrue(pa.measured());
    assertEquals(31.5, pa.total(), 1e-9, "up, services and setup measured; down: none for NONE");
    assertEquals(5.0, t.of(b).total(), 1e-9, "b: the database default");
    assertFalse(t.of(b).measured());
    assertEquals(1, t.measured(List.of(a, b)));
  }

  @Test
  void theEstimateCountsEachConfigurationWithRunsLeftAndOnlyTheCurrentOnesBringDown()
      throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: two
        iterations: 2
        configurations:
          - name: first
            services: [{run: net serve, options: {port: 12865}, ready-port: 12865}]
          - name: second
            services: [{run: net serve, options: {port: 12865}, ready-port: 12865}]
        steps:
          - {name: rr, run: net rr, options: {duration: 4s}}
        """);
    Campaign c = CampaignValidator.read(file, StepCommands.installed()::check);
    List<Matrix.Cell> cells = Matrix.cells(c);
    Manifest.ConfigurationTime first = new Manifest.ConfigurationTime();
    first.upSeconds = 0.0;
    first.servicesSeconds = 5.0;
    first.setupSeconds = 0.0;
    first.downSeconds = 1.0;
    ConfigurationTimes confTimes = new ConfigurationTimes(Map.of("first", first));
    RunTimes times = new RunTimes();
    double run = 4 + 1.5 + 0.2;

    CampaignEstimate all =
        CampaignEstimate.left(cells, 0, new Manifest(), true, times, confTimes, null);
    assertEquals(4 * 4.0, all.runs(), 1e-9);
    assertEquals(4 * 1.7, all.startUps(), 1e-9);
    assertEquals(6.0 + 0.75, all.configurations(), 1e-9, "first measured, second its net serve");
    assertEquals(4 * run + 6.75, all.total(), 1e-9);

    // While first's last run goes: its bring-down, then second whole.
    Manifest done = new Manifest();
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.cell = cells.get(0).id();
    done.runs.add(r);
    done.runs.add(r);
    CampaignEstimate now =
        CampaignEstimate.left(cells, 0, done, true, times, confTimes, c.configurations().get(0));
    assertEquals(2 * run, now.runs() + now.startUps(), 1e-9, "second's two runs");
    assertEquals(1.0 + 0.75, now.configurations(), 1e-9);

    assertEquals(
        "about 30s: runs 16s, start-up of runs 7s, configurations 7s (2 services)",
        CampaignEstimate.describe(all, all, ConfigurationTimes.describe(c.configurations())));
    assertEquals(
        "about 15s to 30s: runs 10s to 20s, start-up of runs 5s to 10s",
        CampaignEstimate.describe(
            new CampaignEstimate(10, 5, 0), new CampaignEstimate(20, 10, 0), "lab up"));
  }

  /**
   * The DS2 rehearsal's shape: databases on a {@code --data-dir} that the first configuration
   * initialises and loads, and the second finds kept: started without initdb, loads that find their
   * database loaded. A data-dir that holds a cluster when planned is kept from the first.
   */
  @Test
  void keptDatabasesStartWithoutInitialisingAndTheirLoadsFindThemLoaded() throws Exception {
    Path data = dir.resolve("db1");
    List<String> db = List.of("database", "--port", "5432", "--data-dir", data.toString());
    List<Campaign.Service> services =
        List.of(
            new Campaign.Service(null, db, 5432),
            setup(List.of("ds2", "load", "--db-size", "10MB")));
    Campaign.Configuration first =
        configuration(Campaign.Kind.NONE, null, false, services, "bridge");
    Campaign.Configuration second =
        configuration(Campaign.Kind.NONE, null, false, services, "direct");
    ConfigurationTimes t = new ConfigurationTimes().in(List.of(first, second));
    assertEquals(5.0, t.of(first).services(), 1e-9);
    assertEquals(2.5 + 10 * 0.25, t.of(first).setup(), 1e-9, "a 10 MB load");
    assertEquals(2.0, t.of(second).services(), 1e-9);
    assertEquals(0.8, t.of(second).setup(), 1e-9);

    // Kept from an earlier campaign: the cluster is there when planned.
    Files.createDirectories(data);
    Files.writeString(data.resolve("PG_VERSION"), "16\n");
    assertEquals(2.0, t.of(first).services(), 1e-9);
    assertEquals(0.8, t.of(first).setup(), 1e-9);
    // On a testbed's machine the directory here says nothing.
    Campaign.Configuration remote =
        configuration(Campaign.Kind.TESTBED, dir.resolve("t.yaml"), true, services, "remote");
    assertEquals(5.0, ConfigurationTimes.defaults(remote).services(), 1e-9);
  }

  private static Campaign.Service setup(List<String> args) {
    return new Campaign.Service(null, args, Campaign.Service.TO_COMPLETION);
  }

  private static Campaign.Configuration configuration(
      Campaign.Kind kind, Path file, boolean keep, List<Campaign.Service> services) {
    return configuration(kind, file, keep, services, "c");
  }

  private static Campaign.Configuration configuration(
      Campaign.Kind kind, Path file, boolean keep, List<Campaign.Service> services, String name) {
    return new Campaign.Configuration(name, kind, file, keep, Map.of(), null, Set.of(), services);
  }
}
