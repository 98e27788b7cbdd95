package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.libvirt.TestDriver;
import io.loadlab.provision.testbed.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * No libvirtd on this machine: opening a local host's libvirt through a socket nobody listens on
 * gives one line naming the field, libvirtd and how to start it (exit 2); a remote host's stays
 * unreachable (exit 3).
 */
class LibvirtHostOpeningTest {
  static final String URI =
      "qemu+unix:///system?socket=/tmp/w5f-nonexistent-" + ProcessHandle.current().pid() + ".sock";

  static Host host(boolean local) {
    return new Host("10.0.0.1", null, "root", null, null, null, URI, null, local, null, null);
  }

  @Test
  void localHostWithoutLibvirtdIsOneLineUsageError() {
    TestDriver.assumeLibvirt();
    assertFalse(Files.exists(Path.of(URI.substring(URI.indexOf("socket=") + 7))));
    UsageException e =
        assertThrows(UsageException.class, () -> LibvirtHostOpening.open("kvm1", host(true)));
    String m = e.getMessage();
    assertEquals(2, e.exitCode());
    assertFalse(m.contains("\n"), m);
    assertTrue(m.startsWith("hosts.kvm1.libvirt: no libvirtd answers at " + URI), m);
    assertTrue(m.contains("install libvirt-daemon"), m);
    assertTrue(m.contains("systemctl start libvirtd"), m);
  }

  @Test
  void remoteHostWithoutLibvirtdStaysUnreachable() {
    TestDriver.assumeLibvirt();
    UnreachableTargetException e =
        assertThrows(
            UnreachableTargetException.class, () -> LibvirtHostOpening.open("kvm1", host(false)));
    assertEquals(3, e.exitCode());
    assertTrue(e.getMessage().contains("cannot connect to libvirt at " + URI), e.getMessage());
  }
}
