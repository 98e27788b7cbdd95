package io.loadlab.provision.testbed;

import io.loadlab.provision.ssh.KnownHosts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.KeyPairProvider;

/** A directory holding a testbed file, a key file and a known_hosts file that knows kvm1. */
public final class TestbedFixture {
  public final Path dir;
  public final Path knownHosts;

  public TestbedFixture(Path dir) throws Exception {
    this.dir = dir;
    Files.writeString(dir.resolve("id_test"), "not a real key; validation only reads it\n");
    knownHosts = dir.resolve("known_hosts");
    KeyPair kp = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
    KnownHosts.record(knownHosts, "10.0.0.1", 22, kp.getPublic());
    KnownHosts.record(knownHosts, "10.0.0.21", 22, kp.getPublic());
  }

  /** A valid testbed: one host, two guests (bridged and SR-IOV), roles on them. */
  public static String valid() {
    return """
        name: sriov-vs-bridge
        hosts:
          kvm1:
            address: 10.0.0.1
            user: root
            key-file: id_test
            known-hosts: known_hosts
            libvirt: test:///default
            tuning:
              sysctl: {kernel.msgmni: "16384"}
              hugepages: {size: 2M, count: 4096}
              stop-services: [irqbalance]
              irq-affinity: [{device: eth2, cpus: 0-1}]
              ethtool-rings: [{device: eth2, rx: 4096, tx: 4096}]
              kernel-cmdline: [elevator=deadline]
        guests:
          broker1:
            host: kvm1
            base-volume: base.qcow2
            vcpus: 2
            memory: 4G
            hugepages: true
            pinning: {cpus: [2, 3]}
            network: {mode: bridge, bridge: br0}
            address: 10.0.0.21
          broker2:
            host: kvm1
            base-volume: base.qcow2
            vcpus: 2
            memory: 2G
            pinning: {policy: numa-node}
            network: {mode: sriov, pf: eth2, vf: 0}
        roles:
          - {role: broker, on: broker1, port: 5672}
          - {role: net-serve, on: kvm1}
        """;
  }

  public Path write(String yaml) throws Exception {
    Path file = dir.resolve("testbed.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  /** 16 CPUs in two NUMA nodes, 16 GiB, bridge br0, PF eth2 with 4 VFs. */
  public static HostFacts facts() {
    List<HostFacts.PciAddress> vfs =
        List.of(
            new HostFacts.PciAddress(0, 0x3b, 0x10, 0),
            new HostFacts.PciAddress(0, 0x3b, 0x10, 2),
            new HostFacts.PciAddress(0, 0x3b, 0x10, 4),
            new HostFacts.PciAddress(0, 0x3b, 0x10, 6));
    HostFacts.PhysicalFunction pf = new HostFacts.PhysicalFunction("pci_0000_3b_00_0", vfs);
    return new HostFacts(
        HostFacts.cpuRange(16),
        Map.of(0, List.of(0, 1, 2, 3, 4, 5, 6, 7), 1, List.of(8, 9, 10, 11, 12, 13, 14, 15)),
        16L << 30,
        Map.of(),
        Set.of("br0"),
        Map.of("eth2", pf, "pci_0000_3b_00_0", pf));
  }
}
