package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.cli.CliRun;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A configuration's servers on this machine: ready only once the server said so and a connection
 * succeeds; a port another process holds fails the configuration at once, never taken as ready; a
 * server that exits at start fails it with the last lines of its log.
 */
@Timeout(120)
public class ServicesTest {
  @TempDir Path dir;

  private static Campaign.Configuration local(Campaign.Service... services) {
    return new Campaign.Configuration(
        "here", Campaign.Kind.NONE, null, false, Map.of(), null, Set.of(), List.of(services));
  }

  /** A loopback port free a moment ago. */
  public static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void aServerIsReadyWhenItSaysSoAndAcceptsAConnection() throws Exception {
    int port = freePort();
    Campaign.Service serve =
        new Campaign.Service(
            null,
            List.of("net", "serve", "--port", String.valueOf(port)),
            port,
            Duration.ofMinutes(2));
    Services services = new Services(new CampaignChildren(dir));
    try {
      assertNull(services.start(local(serve), dir, Set.of()));
      String log = Files.readString(dir.resolve("here-service-1.log"));
      assertTrue(log.contains(ServiceReadiness.readyWords(serve)), log);
      assertTrue(ServiceReadiness.listener(local(serve), null, port) != null, "it listens");
    } finally {
      services.stop();
    }
  }

  @Test
  void aPortAnotherProcessHoldsFailsAtOnceAndIsNeverTakenAsReady() throws Exception {
    try (ServerSocket foreign = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = foreign.getLocalPort();
      Campaign.Service serve =
          new Campaign.Service(null, List.of("net", "serve", "--port", String.valueOf(port)), port);
      Services services = new Services(new CampaignChildren(dir));
      long start = System.nanoTime();
      String why;
      try {
        why = services.start(local(serve), dir, Set.of());
      } finally {
        services.stop();
      }
      assertTrue(why != null && why.contains("port " + port + " is already taken"), why);
      assertTrue(System.nanoTime() - start < 10_000_000_000L, "at once, not after a timeout");
      assertTrue(Files.notExists(dir.resolve("here-service-1.log")), "the server never started");
    }
  }

  @Test
  void aServerThatExitsAtStartFailsWithTheEndOfItsLog() throws Exception {
    int port = freePort();
    // A port taken after the check (here: one the server cannot bind) makes it exit at start.
    Campaign.Service serve =
        new Campaign.Service(
            null,
            List.of("net", "serve", "--port", String.valueOf(port), "--host", "192.0.2.1"),
            port);
    Services services = new Services(new CampaignChildren(dir));
    String why;
    try {
      why = services.start(local(serve), dir, Set.of());
    } finally {
      services.stop();
    }
    assertTrue(why != null && why.contains("exited at start"), why);
    assertTrue(why.contains("its log ends:"), why);
  }

  @Test
  void readyTimeoutIsCheckedInTheCampaignFile() throws Exception {
    Path file = dir.resolve("c.yaml");
    Files.writeString(
        file,
        """
        name: x
        configurations:
          - name: a
            services: [{run: net serve, options: {port: 12999}, ready-port: 12999, ready-timeout: soon}]
        steps:
          - {run: net rr, options: {host: 127.0.0.1, port: 12999, duration: 1s}}
        """);
    CliRun plan = CliRun.of("campaign", "plan", file.toString());
    assertEquals(2, plan.code(), plan.out() + plan.err());
    assertTrue(
        plan.err().contains("configurations[0].services[0].ready-timeout: 'soon' is not a time"),
        plan.err());
  }
}
