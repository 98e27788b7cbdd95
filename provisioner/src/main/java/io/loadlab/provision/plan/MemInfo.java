package io.loadlab.provision.plan;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RemoteShell;
import java.util.OptionalLong;

/**
 * A host's memory as its kernel counts it ({@code /proc/meminfo}): {@code MemTotal}, and {@code
 * MemAvailable} (what can be given to new work without swapping). libvirt's figures sum the NUMA
 * nodes' own counters, which on some VMs lag far behind.
 */
final class MemInfo {
  private MemInfo() {}

  /** The field {@code key} of the host's /proc/meminfo in bytes; empty if it cannot be read. */
  static OptionalLong read(RemoteShell shell, String key) {
    try {
      CommandResult r = shell.run("cat /proc/meminfo");
      return r.ok() ? parse(r.stdout(), key) : OptionalLong.empty();
    } catch (LoadlabException | IllegalStateException e) {
      return OptionalLong.empty();
    }
  }

  /** The field {@code key} of a /proc/meminfo text in bytes ({@code MemAvailable: 123 kB}). */
  static OptionalLong parse(String meminfo, String key) {
    for (String line : meminfo.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 2 && f[0].equals(key + ":") && f[1].matches("\\d{1,15}")) {
        long value = Long.parseLong(f[1]);
        return OptionalLong.of(f.length >= 3 && f[2].equalsIgnoreCase("kB") ? value * 1024 : value);
      }
    }
    return OptionalLong.empty();
  }
}
