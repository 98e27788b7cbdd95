package io.loadlab.core.cpu;

/**
 * One {@code cpu} or {@code cpuN} line of {@code /proc/stat}, in clock ticks: the time the CPU was
 * busy (user, nice, system, irq, softirq, steal) and all its time (busy plus idle and iowait).
 * Guest time is already counted in user and nice, so it is left out of both.
 *
 * @param cpu the CPU's number, or -1 for the {@code cpu} line of all CPUs
 * @param busy ticks busy
 * @param total ticks in all states
 */
public record CpuTicks(int cpu, long busy, long total) {

  /** Parses a {@code cpu} or {@code cpuN} line; throws on anything else. */
  public static CpuTicks parse(String line) {
    String[] f = line.trim().split("\\s+");
    if (!f[0].startsWith("cpu")) {
      throw new IllegalArgumentException("not a cpu line of /proc/stat: " + line);
    }
    int cpu = f[0].length() == 3 ? -1 : Integer.parseInt(f[0].substring(3));
    long busy = 0;
    long total = 0;
    // fields: user nice system idle iowait irq softirq steal guest guest_nice
    for (int i = 1; i < f.length && i <= 8; i++) {
      long ticks = Long.parseLong(f[i]);
      total += ticks;
      if (i != 4 && i != 5) {
        busy += ticks;
      }
    }
    return new CpuTicks(cpu, busy, total);
  }

  /** The ticks from {@code start} to this reading. */
  public CpuTicks since(CpuTicks start) {
    return new CpuTicks(cpu, busy - start.busy, total - start.total);
  }

  /** Busy ticks as a percentage of all ticks, or {@code null} if no tick passed. */
  public Double busyPercent() {
    return total <= 0 ? null : 100.0 * busy / total;
  }
}
