package io.loadlab.provision.plan;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedValidator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Checks, before any guest starts, that each host has the free memory its guests that are not
 * running yet need (guests on hugepages are checked against the hugepage pool elsewhere): a guest
 * that cannot get its memory fails late and leaves the others half up.
 */
final class GuestMemory {
  private GuestMemory() {}

  static void check(Testbed t, Map<String, LibvirtHost> libvirt) {
    Map<String, Long> needed = new LinkedHashMap<>();
    t.guests()
        .forEach(
            (name, g) -> {
              LibvirtHost lv = libvirt.get(g.host());
              if (lv != null
                  && !"test".equals(lv.domainType())
                  && !g.useHugepages()
                  && lv.state(name) != GuestState.RUNNING) {
                needed.merge(g.host(), TestbedValidator.memoryBytes(g), Long::sum);
              }
            });
    needed.forEach(
        (host, bytes) -> {
          long free = libvirt.get(host).freeMemoryBytes();
          if (bytes > free) {
            throw new UsageException(
                "guests on "
                    + host
                    + ": they need "
                    + (bytes >> 20)
                    + " MiB"
                    + " of memory, but "
                    + host
                    + " has "
                    + (free >> 20)
                    + " MiB"
                    + " free; give the guests less memory (guests.<name>.memory) or free some");
          }
        });
  }
}
