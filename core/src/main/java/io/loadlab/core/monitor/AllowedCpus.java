package io.loadlab.core.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

/**
 * The CPUs this process may run on, from {@code Cpus_allowed_list} in {@code /proc/self/status}
 * (set by {@code taskset}, cpusets and containers): the CPUs whose busy time says whether the host
 * left the load generator room to work.
 */
final class AllowedCpus {
  private static final Path STATUS = Path.of("/proc/self/status");
  private static final String FIELD = "Cpus_allowed_list:";

  private AllowedCpus() {}

  /** The CPUs this process may use now, or {@code null} where {@code /proc} does not say. */
  static BitSet read() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith(FIELD)) {
          return parse(line.substring(FIELD.length()));
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or /proc is not mounted: host CPU is not measured.
    }
    return null;
  }

  /** Parses a kernel CPU list such as {@code 0-3,8,10-11}; throws on anything else. */
  static BitSet parse(String list) {
    BitSet cpus = new BitSet();
    for (String part : list.trim().split(",")) {
      if (part.isEmpty()) {
        continue;
      }
      int dash = part.indexOf('-');
      if (dash < 0) {
        cpus.set(Integer.parseInt(part));
      } else {
        int from = Integer.parseInt(part.substring(0, dash));
        int to = Integer.parseInt(part.substring(dash + 1));
        if (to < from) {
          throw new IllegalArgumentException("a CPU range runs backwards: " + part);
        }
        cpus.set(from, to + 1);
      }
    }
    if (cpus.isEmpty()) {
      throw new IllegalArgumentException("no CPU in the list: " + list);
    }
    return cpus;
  }
}
