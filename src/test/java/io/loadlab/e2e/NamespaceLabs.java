package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the tests on network-namespace labs share: the conditions they need (root, iproute2,
 * OpenSSH's sshd), each said when absent, and the checks of a campaign run on two lab clients.
 */
final class NamespaceLabs {
  private NamespaceLabs() {}

  /** Skips, saying why, unless this runs as root with the {@code ip} command. */
  static void assumeNamespaces() {
    assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "skipped: network namespaces need root (running as "
            + System.getProperty("user.name")
            + "); CI runs as root");
    assumeTrue(
        Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")),
        "skipped: the 'ip' command (Debian package iproute2) is not installed");
  }

  /** As {@link #assumeNamespaces()}, and OpenSSH's sshd for lab hosts with {@code sshd: true}. */
  static void assumeNamespacesWithSshd() {
    assumeNamespaces();
    assumeTrue(
        Files.isExecutable(Path.of("/usr/sbin/sshd")),
        "skipped: sshd (Debian package openssh-server) is not installed; CI installs it");
  }

  /**
   * Checks the campaign in {@code out}: {@code runs} runs, each ok on two clients that each counted
   * something, and each run's count the sum of its clients'; {@code eachClient} checks each
   * client's result.json further.
   */
  static void assertRunsAddUpTheirClients(Path out, int runs, Consumer<JsonNode> eachClient)
      throws IOException {
    ObjectMapper json = new ObjectMapper();
    JsonNode m = json.readTree(out.resolve("campaign.json").toFile());
    assertEquals(runs, m.get("runs").size());
    for (JsonNode r : m.get("runs")) {
      assertEquals("ok", r.get("status").asText(), r.toString());
      assertEquals(2, r.get("clients").size(), r.toString());
      long sum = 0;
      for (JsonNode c : r.get("clients")) {
        JsonNode result =
            json.readTree(out.resolve(c.get("dir").asText()).resolve("result.json").toFile());
        String op = result.get("totals").fieldNames().next();
        long count = result.get("totals").get(op).get("count").asLong();
        assertTrue(count > 0, c.toString());
        sum += count;
        eachClient.accept(result);
      }
      assertEquals(sum, r.get("figures").get("count").asDouble(), 0.5, "combined count is the sum");
    }
  }

  private static final Pattern PLANNED_LAB = Pattern.compile("lab (\\S+\\.ya?ml) \\(lab up");

  /**
   * Brings down the labs a campaign plan names ({@code lab FILE (lab up…)}) that a killed earlier
   * run of the same example left up: their namespaces outlive the process, and {@code lab up}
   * rightly refuses a lab that is up. The example labs' names are fixed, so only this test's own
   * labs are touched.
   */
  static void downLeftoverLabs(String planOutput) {
    Matcher m = PLANNED_LAB.matcher(planOutput);
    java.util.Set<String> files = new java.util.LinkedHashSet<>();
    while (m.find()) {
      files.add(m.group(1));
    }
    for (String file : files) {
      io.loadlab.cli.CliRun.of("lab", "down", file);
    }
  }

  /** Every .log file below {@code out}, named, for a failed run's message. */
  static String logs(Path out) {
    try (var files = Files.walk(out)) {
      StringBuilder sb = new StringBuilder();
      files
          .filter(p -> p.toString().endsWith(".log"))
          .forEach(p -> sb.append("\n== ").append(p).append('\n').append(ChildJvm.text(p)));
      return sb.toString();
    } catch (Exception e) {
      return "";
    }
  }
}
