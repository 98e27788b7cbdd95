package io.loadlab.core.monitor;

import io.loadlab.core.cpu.CpuTicks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Reads the busy and total ticks of the CPUs this process may use, summed, from the per-CPU lines
 * of {@code /proc/stat}: busy time on those CPUs that is not this process's is another program
 * competing with the load generator.
 */
final class HostCpu {
  private static final Path PROC_STAT = Path.of("/proc/stat");

  private final BitSet cpus;

  private HostCpu(BitSet cpus) {
    this.cpus = cpus;
  }

  /** A reader of the CPUs this process may use now, or {@code null} without {@code /proc}. */
  static HostCpu ofThisProcess() {
    BitSet allowed = AllowedCpus.read();
    try {
      BitSet cpus = allowed == null ? null : online(cpuLines(), allowed);
      return cpus == null ? null : new HostCpu(cpus);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** How many CPUs are read: those this process may use that are online. */
  int cpus() {
    return cpus.cardinality();
  }

  /** The ticks so far, or {@code null} if {@code /proc/stat} could not be read. */
  CpuTicks read() {
    return read(cpus);
  }

  private static CpuTicks read(BitSet cpus) {
    try {
      return sum(cpuLines(), cpus);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The {@code cpu} lines at the top of {@code /proc/stat}, without the long ones below them. */
  private static List<String> cpuLines() throws IOException {
    byte[] stat = Files.readAllBytes(PROC_STAT);
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (start + 3 <= stat.length
        && stat[start] == 'c'
        && stat[start + 1] == 'p'
        && stat[start + 2] == 'u') {
      int end = start;
      while (end < stat.length && stat[end] != '\n') {
        end++;
      }
      lines.add(new String(stat, start, end - start, StandardCharsets.ISO_8859_1));
      start = end + 1;
    }
    return lines;
  }

  /**
   * The CPUs of {@code allowed} that have a {@code cpuN} line, or {@code null} if none has: the
   * allowed list may name every CPU the kernel could have, and one without a line is offline.
   */
  static BitSet online(List<String> procStat, BitSet allowed) {
    BitSet online = new BitSet();
    for (String line : procStat) {
      if (isPerCpu(line)) {
        int cpu = CpuTicks.parse(line).cpu();
        if (allowed.get(cpu)) {
          online.set(cpu);
        }
      }
    }
    return online.isEmpty() ? null : online;
  }

  /**
   * The ticks of the {@code cpuN} lines of {@code cpus}, summed; {@code null} if one is missing.
   */
  static CpuTicks sum(List<String> procStat, BitSet cpus) {
    long busy = 0;
    long total = 0;
    int found = 0;
    for (String line : procStat) {
      if (isPerCpu(line)) {
        CpuTicks t = CpuTicks.parse(line);
        if (cpus.get(t.cpu())) {
          busy += t.busy();
          total += t.total();
          found++;
        }
      }
    }
    return found == cpus.cardinality() ? new CpuTicks(-1, busy, total) : null;
  }

  private static boolean isPerCpu(String line) {
    return line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3));
  }
}
