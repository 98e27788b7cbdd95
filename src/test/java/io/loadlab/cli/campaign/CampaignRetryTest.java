package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.cli.CliRun;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign run --retry-failed}: the failed runs (of every configuration, or of the named
 * ones) are run again in the same directory, every ok run is kept as it was, and each retried run
 * keeps its earlier attempt (status, reason, its files set aside) in campaign.json.
 */
@Timeout(180)
class CampaignRetryTest {
  @TempDir Path dir;

  @Test
  void failedRunsAreRunAgainAndOkRunsKept() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    try (NetServer always = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      retry(port, always.port());
    }
  }

  /** Nothing to retry in an empty or absent directory: refused in one line, nothing created. */
  @Test
  void retryFailedWithoutACampaignInTheDirectoryIsRefusedCreatingNothing() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: none
        steps:
          - {name: rr, run: net rr, options: {duration: 500ms, interval: 250ms}}
        """);
    Path empty = Files.createDirectory(dir.resolve("empty"));
    Path absent = dir.resolve("absent");
    for (Path out : new Path[] {empty, absent}) {
      for (String[] retry : new String[][] {{"--retry-failed"}, {"--retry-failed", "here"}}) {
        String[] args = {"campaign", "run", file.toString(), "--output", out.toString()};
        CliRun r = CliRun.of(concat(args, retry));
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals(
            "loadlab: --retry-failed: no campaign in " + out + "; run without it first",
            r.err().strip(),
            "one line");
        assertEquals("", r.out());
      }
    }
    try (var listing = Files.list(empty)) {
      assertEquals(0, listing.count(), "nothing created in the empty directory");
    }
    assertTrue(Files.notExists(absent), "the absent directory not created");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  private void retry(int port, int alwaysPort) throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: retry
        iterations: 2
        configurations:
          - {name: local, vars: {port: "%d"}}
          - {name: remote, vars: {port: "%d"}}
        steps:
          - {name: rr, run: net rr, options: {duration: 500ms, interval: 250ms, port: "${port}", host: 127.0.0.1}}
        """
            .formatted(alwaysPort, port));
    Path out = dir.resolve("out");
    // Nothing listens on the port yet: the remote configuration's runs fail.
    CliRun first = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(1, first.code(), first.out() + first.err());
    JsonNode m = manifest(out);
    Map<String, String> okStarts = new HashMap<>();
    for (JsonNode r : m.get("runs")) {
      String expected = r.get("configuration").asText().equals("local") ? "ok" : "failed";
      assertEquals(expected, r.get("status").asText(), r.toString());
      if (expected.equals("ok")) {
        okStarts.put(r.get("id").asText(), r.get("startTime").asText());
      }
    }

    // The same command again keeps the failed runs, and says how to run them again.
    CliRun again = CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
    assertEquals(1, again.code(), again.out() + again.err());
    assertTrue(
        again
            .out()
            .contains(
                "4 finished runs kept\n2 of them failed and stay failed: add --retry-failed to run"
                    + " them again (or --retry-failed NAMES for some configurations or cells), or"
                    + " give a new --output to start afresh"),
        again.out());

    CliRun unknown =
        CliRun.of(
            "campaign",
            "run",
            file.toString(),
            "--output",
            out.toString(),
            "--retry-failed",
            "remot");
    assertEquals(2, unknown.code(), unknown.err());
    assertTrue(unknown.err().contains("did you mean 'remote'?"), unknown.err());

    try (NetServer server = NetServer.start("127.0.0.1", port, NetSocketOptions.DEFAULTS)) {
      CliRun retry =
          CliRun.of(
              "campaign",
              "run",
              file.toString(),
              "--output",
              out.toString(),
              "--retry-failed",
              "remote");
      assertEquals(0, retry.code(), retry.out() + retry.err());
      assertTrue(retry.out().contains("failed run(s) retried:"), retry.out());
    }
    m = manifest(out);
    assertEquals("complete", m.get("status").asText());
    assertEquals(4, m.get("runs").size());
    for (JsonNode r : m.get("runs")) {
      assertEquals("ok", r.get("status").asText(), r.toString());
      String id = r.get("id").asText();
      if (okStarts.containsKey(id)) {
        assertEquals(okStarts.get(id), r.get("startTime").asText(), "kept, not run again: " + id);
        assertNull(r.get("attempts"), r.toString());
      } else {
        JsonNode attempts = r.get("attempts");
        assertEquals(1, attempts.size(), r.toString());
        assertEquals("failed", attempts.get(0).get("status").asText());
        assertTrue(attempts.get(0).get("reason").asText().length() > 0, attempts.toString());
        // Its time, for the estimate of a later retry (RetryEtaTest).
        assertTrue(attempts.get(0).get("seconds").asDouble() > 0, attempts.toString());
        Path log = out.resolve(attempts.get(0).get("log").asText());
        assertTrue(Files.readString(log).contains("127.0.0.1"), "its output, set aside: " + log);
        assertTrue(Files.exists(out.resolve(r.get("dir").asText()).resolve("result.json")));
      }
    }
    JsonNode resumes = m.get("resumes");
    assertEquals(2, resumes.get(resumes.size() - 1).get("retried").size(), resumes.toString());
  }

  private static JsonNode manifest(Path out) throws Exception {
    return new ObjectMapper().readTree(out.resolve("campaign.json").toFile());
  }
}
