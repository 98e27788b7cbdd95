package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real campaign whose second configuration fails fast (a port nothing listens on): its runs end
 * in the time a JVM takes to start, while the first configuration's runs take their 4 s. Once the
 * first of them failed, the ETA costs the others as that configuration's runs take, not at the
 * step's average over both (issue 35: {@code [44/68] ETA 2m36s} with 21 s left).
 */
@Timeout(240)
class CampaignEtaRunTest {
  @TempDir Path dir;

  private static final Pattern PROGRESS =
      Pattern.compile(
          "\\[(\\d+)/(\\d+)] (\\w+) · rr · iteration \\d/\\d · ([0-9.]+) s · .* · ETA (\\S+)");

  @Test
  void afterTheFirstFastFailureTheEtaCostsTheRestAsFastFailures() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    try (NetServer server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      Path file = dir.resolve("campaign.yaml");
      Files.writeString(
          file,
          """
          name: eta
          iterations: 3
          configurations:
            - {name: live, vars: {port: "%d"}}
            - {name: dead, vars: {port: "%d"}}
          steps:
            - {name: rr, run: net rr, options: {duration: 4s, interval: 1s, port: "${port}", host: 127.0.0.1}}
          """
              .formatted(server.port(), closed));
      CliRun run =
          CliRun.of("campaign", "run", file.toString(), "--output", dir.resolve("out").toString());
      assertEquals(1, run.code(), run.out() + run.err());
      List<String> confs = new ArrayList<>();
      List<Double> seconds = new ArrayList<>();
      List<Double> etas = new ArrayList<>();
      for (String line : run.out().lines().toList()) {
        Matcher m = PROGRESS.matcher(line);
        if (m.find()) {
          confs.add(m.group(3));
          seconds.add(Double.parseDouble(m.group(4)));
          etas.add(seconds(m.group(5)));
        }
      }
      assertEquals(List.of("live", "live", "live", "dead", "dead", "dead"), confs, run.out());
      double live = (seconds.get(0) + seconds.get(1) + seconds.get(2)) / 3;
      double dead = seconds.get(3);
      assertTrue(live > dead + 2, "the live runs take their 4 s, the dead fail fast: " + run.out());
      // After the first failure: the 2 runs left cost as it did, not as the step's average
      // ((3 live + 1 dead) / 4, which the ETA took before).
      double each = etas.get(3) / 2;
      assertTrue(
          each < (live + dead) / 2,
          "ETA " + etas.get(3) + " s for 2 fast failures of ~" + dead + " s:\n" + run.out());
      assertEquals(0, etas.get(5), 1e-9, run.out());
    }
  }

  /** Seconds of an {@link Eta} text: 45s, 3m05s, 2h10m. */
  private static double seconds(String eta) {
    Matcher m = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?").matcher(eta);
    assertTrue(m.matches(), eta);
    double s = 0;
    s += m.group(1) == null ? 0 : 3600 * Double.parseDouble(m.group(1));
    s += m.group(2) == null ? 0 : 60 * Double.parseDouble(m.group(2));
    s += m.group(3) == null ? 0 : Double.parseDouble(m.group(3));
    return s;
  }
}
