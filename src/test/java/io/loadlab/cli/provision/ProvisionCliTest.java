package io.loadlab.cli.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.cli.Main;
import io.loadlab.provision.ssh.KnownHosts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code loadlab provision ...} through the real command line, on libvirt's test driver. */
@Timeout(60)
class ProvisionCliTest {
  static final Path NODE = Path.of("../provisioner/src/test/resources/libvirt/testnode.xml");

  @TempDir Path dir;
  Path file;
  String out;
  String err;

  @BeforeEach
  void setUp() throws Exception {
    assumeTrue(
        Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libvirt.so.0"))
            || Files.exists(Path.of("/usr/lib/aarch64-linux-gnu/libvirt.so.0")),
        "native libvirt is not installed; apt-get install libvirt0 (CI installs it)");
    Files.writeString(dir.resolve("id_test"), "placeholder\n");
    KnownHosts.record(
        dir.resolve("known_hosts"),
        "10.0.0.1",
        22,
        KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256).getPublic());
    file = dir.resolve("testbed.yaml");
    Files.writeString(
        file,
        """
        name: cli
        hosts:
          kvm1: {address: 10.0.0.1, user: root, key-file: id_test, known-hosts: known_hosts,
                 libvirt: "test://%s"}
        guests:
          g1: {host: kvm1, base-volume: base.qcow2, vcpus: 2, memory: 1G,
               pinning: {cpus: [4, 5]}, network: {mode: bridge, bridge: br0}}
        """
            .formatted(NODE.toAbsolutePath().normalize()));
  }

  private int run(String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int code =
        Main.run(
            args,
            new PrintStream(o, true, StandardCharsets.UTF_8),
            new PrintStream(e, true, StandardCharsets.UTF_8));
    out = o.toString(StandardCharsets.UTF_8);
    err = e.toString(StandardCharsets.UTF_8);
    return code;
  }

  @Test
  void planShowsTheChanges() {
    assertEquals(0, run("provision", "plan", file.toString()), err);
    assertTrue(out.contains("3 change(s):"), out);
    assertTrue(
        out.contains("g1: define domain (2 vCPUs, 1G, pinned to [4, 5] (node 0), virtio on br0)"),
        out);
  }

  @Test
  void applyLogsEveryActionAndStatusDescribes() throws Exception {
    assertEquals(0, run("provision", "apply", file.toString()), err);
    assertTrue(out.contains("ok      g1: start"), out);
    assertTrue(
        Files.readString(dir.resolve("testbed.yaml.actions.log")).contains("apply ok g1: start"));
    // Each command is a new process for the test driver, so status starts from the node file.
    assertEquals(0, run("provision", "status", file.toString(), "--describe"), err);
    assertTrue(out.contains("\"mode\" : \"bridge\""), out);
    assertTrue(out.contains("\"pinning\" : [ 4, 5 ]"), out);
  }

  @Test
  void validationErrorIsOneLineWithExitCode2() throws Exception {
    Files.writeString(file, Files.readString(file).replace("[4, 5]", "[4, 99]"));
    assertEquals(2, run("provision", "apply", file.toString()));
    assertEquals(1, err.strip().lines().count(), err);
    assertTrue(err.contains(file + ": guests.g1.pinning.cpus: CPU 99 is not on host kvm1"), err);
    assertFalse(Files.exists(dir.resolve("testbed.yaml.actions.log")));
  }

  @Test
  void missingOrExtraFileIsAUsageError() {
    assertEquals(2, run("provision", "plan"));
    assertTrue(err.contains("missing testbed.yaml"), err);
    assertEquals(2, run("provision", "plan", "a.yaml", "b.yaml"));
    assertEquals(2, run("provision", "plan", dir.resolve("none.yaml").toString()));
    assertTrue(err.contains("no such file"), err);
  }

  @Test
  void bootTimeoutIsAnOptionOfApply() {
    // The docs and a boot failure's message name it: apply takes it, a bad value is one line.
    assertEquals(0, run("provision", "apply", file.toString(), "--boot-timeout", "10m"), err);
    assertTrue(out.contains("ok      g1: start"), out);
    assertEquals(2, run("provision", "apply", file.toString(), "--boot-timeout", "soon"));
    assertEquals(1, err.strip().lines().count(), err);
    assertTrue(err.contains("--boot-timeout"), err);
    assertEquals(2, run("provision", "plan", file.toString(), "--boot-timeout", "10m"));
    assertTrue(err.contains("boot-timeout"), err);
  }
}
