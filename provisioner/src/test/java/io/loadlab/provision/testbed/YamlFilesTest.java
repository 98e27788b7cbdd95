package io.loadlab.provision.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.ssh.KnownHosts;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** YAML inputs refused with one line naming the field: duplicates, aliases, typos, types. */
@Timeout(30)
class YamlFilesTest {
  @TempDir Path dir;
  TestbedFixture fx;

  @BeforeEach
  void setUp() throws Exception {
    fx = new TestbedFixture(dir);
  }

  private String refusal(String yaml) throws Exception {
    Path file = fx.write(yaml);
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> {
              Testbed t = TestbedFile.read(file);
              new TestbedValidator(file, new KnownHosts(), false)
                  .check(t, Map.of("kvm1", TestbedFixture.facts()));
            });
    assertEquals(2, e.exitCode());
    assertEquals(1, e.getMessage().lines().count(), "one line: " + e.getMessage());
    assertFalse(e.getMessage().matches(".*[A-Z][a-z]+(Exception|Error).*"), e.getMessage());
    return e.getMessage();
  }

  @Test
  void aDuplicateKeyIsRefusedNamingTheKey() throws Exception {
    String m = refusal(TestbedFixture.valid().replace("name: sriov-vs-bridge", "name: a\nname: b"));
    assertTrue(m.contains("field 'name' is given twice"), m);
    String host =
        refusal(
            TestbedFixture.valid()
                .replace("    user: root\n", "    user: root\n    user: admin\n"));
    assertTrue(host.contains("field 'user' is given twice"), host);
  }

  @Test
  void aBinaryFileIsRefusedAsNotText() throws Exception {
    Path file = dir.resolve("binary.yaml");
    java.nio.file.Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 0, (byte) 0xc3, 0x28});
    UsageException e =
        assertThrows(UsageException.class, () -> YamlFiles.read(file, Testbed.class));
    assertEquals(2, e.exitCode());
    assertTrue(
        e.getMessage().endsWith("is not a text file; give a YAML file (UTF-8)"), e.getMessage());
    assertFalse(e.getMessage().contains("Input length"), e.getMessage());
  }

  @Test
  void aliasExpansionIsBounded() throws Exception {
    StringBuilder bomb = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'j'; c++) {
      bomb.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        bomb.append(i == 0 ? "" : ", ").append('*').append(prev);
      }
      bomb.append("]\n");
      prev = c;
    }
    String m = refusal(bomb.toString());
    assertTrue(m.contains("aliases") || m.contains("unknown field"), m);
  }

  @Test
  void anUnknownFieldIsNamedWithTheNearestKnownOne() throws Exception {
    String m = refusal(TestbedFixture.valid().replace("key-file:", "keyfile:"));
    assertTrue(m.contains("hosts.kvm1.keyfile: unknown field; did you mean 'key-file'?"), m);
  }

  @Test
  void aWrongTypeIsWordedForUsers() throws Exception {
    String m = refusal(TestbedFixture.valid().replace("vcpus: 2", "vcpus: two"));
    assertTrue(m.contains("guests.broker1.vcpus: a whole number is expected"), m);
    assertFalse(m.contains("Cannot deserialize"), m);
  }

  @Test
  void theSameHostTwiceIsRefused() throws Exception {
    String m =
        refusal(
            TestbedFixture.valid()
                .replace(
                    "guests:\n",
                    "  kvm2:\n    address: 10.0.0.1\n    user: root\n    key-file: id_test\n"
                        + "    known-hosts: known_hosts\n"
                        + "guests:\n"));
    assertTrue(m.contains("hosts.kvm2.address: 10.0.0.1 is also hosts.kvm1"), m);
  }

  @Test
  void aPortOutOfRangeIsOneLine() throws Exception {
    String m =
        refusal(
            TestbedFixture.valid()
                .replace("    user: root\n", "    user: root\n    port: 70000\n"));
    assertTrue(m.contains("hosts.kvm1.port: 70000 is not a port"), m);
  }

  @Test
  void anOverflowingMemoryIsOneLine() throws Exception {
    String m = refusal(TestbedFixture.valid().replace("memory: 4G", "memory: 999999999999G"));
    assertTrue(m.contains("guests.broker1.memory"), m);
  }
}
