package io.loadlab.provision.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(10)
class LabFileTest {
  @TempDir Path dir;

  private UsageException bad(String yaml) throws Exception {
    Path f = dir.resolve("lab.yaml");
    Files.writeString(f, yaml);
    return assertThrows(UsageException.class, () -> LabFile.read(f));
  }

  @Test
  void checksKindsHostsSubnetsMtuAndDelay() throws Exception {
    UsageException e =
        bad(
            """
            name: Lab_1
            hosts: {a: {}, b: {}, c: {}}
            links:
              - {kind: hub, hosts: [a, b], subnet: 10.213.1.0/24}
              - {kind: veth, hosts: [a, b, c], subnet: 10.213.2.0/24}
              - {kind: bridge, hosts: [a, z], subnet: 10.213.300.0/24, mtu: 100, delay: soon}
              - {kind: bridge, hosts: [a, b, c], subnet: 10.213.4.0/30}
            """);
    String m = e.getMessage();
    assertTrue(m.contains("name: 'Lab_1' must be"), m);
    assertTrue(m.contains("links[0].kind: 'hub' is unknown"), m);
    assertTrue(m.contains("links[1].hosts: a veth link joins exactly two hosts"), m);
    assertTrue(m.contains("links[2].hosts: 'z' is not a host"), m);
    assertTrue(m.contains("links[2].subnet: '10.213.300.0/24' is not an IPv4 subnet"), m);
    assertTrue(m.contains("links[2].mtu: 100 is out of range"), m);
    assertTrue(m.contains("links[2].delay: 'soon' is not a duration"), m);
    assertTrue(m.contains("links[3].subnet: 10.213.4.0/30 is too small for 3 hosts"), m);
  }

  @Test
  void onlyABridgeWithRoomJoinsThisMachine() throws Exception {
    String m =
        bad("""
                name: lab1
                hosts: {a: {sshd: true}, b: {}}
                links:
                  - {kind: veth, hosts: [a, b], subnet: 10.213.1.0/24, local: true}
                  - {kind: bridge, hosts: [a, b], subnet: 10.213.2.0/30, local: true}
                """)
            .getMessage();
    assertTrue(m.contains("links[0].local: only a bridge link can join this machine"), m);
    assertTrue(m.contains("links[1].subnet: 10.213.2.0/30 has no address left"), m);
    Path ok = dir.resolve("ok.yaml");
    Files.writeString(
        ok,
        """
        name: lab1
        hosts: {a: {sshd: true}, b: {}}
        links: [{kind: bridge, hosts: [a, b], subnet: 10.213.3.0/24, local: true}]
        """);
    LabNetwork net = new LabNetwork(LabFile.read(ok), dir.resolve("state"));
    assertEquals(java.util.Map.of("a", "10.213.3.1"), net.sshAddresses());
    assertEquals("10.213.3.254", net.localAddress(0));
  }

  @Test
  void subnetsGiveHostsConsecutiveAddresses() {
    Subnet s = Subnet.parse("10.213.7.0/24");
    assertEquals("10.213.7.1", s.address(0));
    assertEquals("10.213.7.3", s.address(2));
    assertEquals("10.213.7.0/24", Subnet.parse("10.213.7.9/24").network());
    assertEquals(254, s.capacity());
  }
}
