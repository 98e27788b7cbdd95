package io.loadlab.core.cpu;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A reading of CPU clocks at one instant: this process's CPU time, the whole host's busy CPU time
 * (from {@code /proc/stat}, where there is one) and the wall clock. Two readings give the CPU spent
 * between them.
 */
public record CpuReading(long processCpuNanos, long hostBusyNanos, long wallNanos) {
  private static final Path PROC_STAT = Path.of("/proc/stat");

  /** USER_HZ; 100 on every mainstream Linux build. */
  private static final long NANOS_PER_TICK = 10_000_000L;

  /** Reads the clocks now. */
  public static CpuReading now() {
    return new CpuReading(readProcessCpuNanos(), readHostBusyNanos(), System.nanoTime());
  }

  /** CPU spent from {@code start} to this reading. */
  public CpuUsage since(CpuReading start) {
    long host =
        hostBusyNanos < 0 || start.hostBusyNanos < 0 ? -1 : hostBusyNanos - start.hostBusyNanos;
    long process =
        processCpuNanos < 0 || start.processCpuNanos < 0
            ? -1
            : processCpuNanos - start.processCpuNanos;
    return new CpuUsage(process, host, wallNanos - start.wallNanos);
  }

  private static long readProcessCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }

  /** Busy time of all CPUs: everything in the {@code cpu} line but idle and iowait. */
  static long readHostBusyNanos() {
    try {
      List<String> lines = Files.readAllLines(PROC_STAT);
      for (String line : lines) {
        if (line.startsWith("cpu ")) {
          return parseBusyTicks(line) * NANOS_PER_TICK;
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or /proc is not mounted: host CPU is not measured.
    }
    return -1;
  }

  static long parseBusyTicks(String cpuLine) {
    return CpuTicks.parse(cpuLine).busy();
  }
}
