package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign plan} runs what {@code provision plan} checks against each configuration's hosts
 * (here this machine, on libvirt's test driver, and a local host whose libvirtd does not answer):
 * no libvirtd, a bridge name taken, a kernel missing, too many vCPUs; and the file's own guest
 * addresses. Exit 2, one line per fault naming the testbed file, nothing made.
 */
@Timeout(120)
class CampaignPlanHostChecksTest {
  static final Path NODE = Path.of("../provisioner/src/test/resources/libvirt/testnode.xml");
  static final String NO_LIBVIRTD =
      "qemu+unix:///system?socket=/tmp/w8-nonexistent-" + ProcessHandle.current().pid() + ".sock";

  @TempDir Path dir;

  private Path campaign(String secondAddress) throws Exception {
    assumeTrue(
        Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libvirt.so.0"))
            || Files.exists(Path.of("/usr/lib/aarch64-linux-gnu/libvirt.so.0")),
        "native libvirt is not installed; apt-get install libvirt0 (CI installs it)");
    Files.writeString(dir.resolve("id_test"), "placeholder\n");
    Files.writeString(dir.resolve("id_test.pub"), "ssh-ed25519 AAAA test\n");
    String guest =
        "{host: this, vcpus: 20, memory: 256M, network: {mode: bridge, bridge: lo},"
            + " user: root, key-file: id_test, known-hosts: kh,"
            + " boot: {host-root: true, kernel: /nonexistent/vmlinuz-0}, address: ";
    Files.writeString(
        dir.resolve("testbed.yaml"),
        """
        name: faults
        hosts:
          this:
            local: true
            libvirt: "test://%s"
            bridges:
              lo: {address: 10.9.0.1/24}
          gone:
            local: true
            libvirt: "%s"
        guests:
          a: %s10.9.0.5}
          b: %s%s}
        """
            .formatted(
                NODE.toAbsolutePath().normalize(), NO_LIBVIRTD, guest, guest, secondAddress));
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: faults
        configurations: [{name: lab, testbed: testbed.yaml}]
        steps:
          - {run: net rr, on: [a], options: {host: 10.9.0.6, duration: 1s}}
        """);
    return file;
  }

  @Test
  void everyHostFaultOfTheTestbedIsOneLine() throws Exception {
    Path file = campaign("10.9.0.6");
    for (String offline : List.of("", "--offline")) {
      // Its hosts are this machine: checked with --offline too (no network is needed).
      CliRun r =
          offline.isEmpty()
              ? CliRun.of("campaign", "plan", file.toString())
              : CliRun.of("campaign", "plan", file.toString(), offline);
      assertEquals(2, r.code(), r.out() + r.err());
      List<String> lines = problems(r.err());
      String tb = dir.resolve("testbed.yaml").toAbsolutePath() + ": ";
      assertEquals(5, lines.size(), r.err());
      lines.forEach(l -> assertTrue(l.startsWith(tb), l));
      assertTrue(lines.get(0).startsWith(tb + "hosts.gone.libvirt: no libvirtd answers"), r.err());
      assertTrue(lines.get(1).startsWith(tb + "hosts.this.vcpu-overcommit: its guests have 40"));
      assertTrue(lines.get(2).startsWith(tb + "guests.a.boot: /nonexistent/vmlinuz-0 cannot"));
      assertTrue(lines.get(3).startsWith(tb + "guests.b.boot: "), r.err());
      assertTrue(
          lines.get(4).startsWith(tb + "hosts.this.bridges.lo: an interface named lo already"),
          r.err());
      assertFalse(r.err().contains("\tat "), r.err());
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(
          List.of("campaign.yaml", "id_test", "id_test.pub", "testbed.yaml"),
          files.map(f -> f.getFileName().toString()).sorted().toList(),
          "nothing made");
    }
  }

  @Test
  void twoGuestsOnOneAddressAreRefusedBeforeTheHosts() throws Exception {
    Path file = campaign("10.9.0.5");
    CliRun r = CliRun.of("campaign", "plan", file.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertEquals(
        List.of(
            dir.resolve("testbed.yaml").toAbsolutePath()
                + ": guests.b.address: 10.9.0.5 is also guests.a.address; give each guest an"
                + " address of its own"),
        problems(r.err()));
  }

  /** The problem lines of an error output, without the "loadlab: " of the first. */
  private static List<String> problems(String err) {
    List<String> lines = new ArrayList<>();
    for (String line : err.strip().split("\n")) {
      lines.add(line.startsWith("loadlab: ") ? line.substring("loadlab: ".length()) : line);
    }
    return lines;
  }
}
