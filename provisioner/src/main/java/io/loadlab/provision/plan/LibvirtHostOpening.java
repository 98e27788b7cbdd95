package io.loadlab.provision.plan;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.testbed.Host;

/**
 * Connects to a host's libvirt. On this machine ({@code local: true}) a refused connection means no
 * libvirtd runs here: one line naming the field and how to start it (exit 2), before anything
 * changes; a remote host's stays unreachable (exit 3).
 */
final class LibvirtHostOpening {
  private LibvirtHostOpening() {}

  static LibvirtHost open(String name, Host h) {
    try {
      return LibvirtHost.open(name, h.libvirt());
    } catch (UnreachableTargetException e) {
      if (h.isLocal()) {
        throw new UsageException(
            "hosts."
                + name
                + ".libvirt: no libvirtd answers at "
                + h.libvirt()
                + " on this machine; install libvirt-daemon and libvirt-daemon-driver-qemu and"
                + " start it (systemctl start libvirtd, or libvirtd -d and virtlogd -d without"
                + " systemd)");
      }
      throw e;
    }
  }
}
