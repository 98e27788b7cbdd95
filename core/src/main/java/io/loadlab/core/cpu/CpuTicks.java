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

  /**
   * Parses a {@code cpu} or {@code cpuN} line; throws on anything else. Written out rather than
   * split by a regular expression: it runs at every interval, never often enough to be compiled.
   */
  public static CpuTicks parse(String line) {
    int n = line.length();
    int i = skipBlanks(line, 0);
    if (!line.startsWith("cpu", i)) {
      throw new IllegalArgumentException("not a cpu line of /proc/stat: " + line);
    }
    i += 3;
    int cpu = -1;
    if (i < n && !isBlank(line.charAt(i))) {
      cpu = 0;
      for (; i < n && !isBlank(line.charAt(i)); i++) {
        cpu = cpu * 10 + digit(line, i);
      }
    }
    long busy = 0;
    long total = 0;
    // fields: user nice system idle iowait irq softirq steal guest guest_nice
    for (int field = 1; field <= 8; field++) {
      i = skipBlanks(line, i);
      if (i >= n) {
        break;
      }
      long ticks = 0;
      for (; i < n && !isBlank(line.charAt(i)); i++) {
        ticks = ticks * 10 + digit(line, i);
      }
      total += ticks;
      if (field != 4 && field != 5) {
        busy += ticks;
      }
    }
    return new CpuTicks(cpu, busy, total);
  }

  private static int skipBlanks(String s, int i) {
    while (i < s.length() && isBlank(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\n';
  }

  private static int digit(String s, int i) {
    char c = s.charAt(i);
    if (c < '0' || c > '9') {
      throw new NumberFormatException("not a number at " + i + " of " + s);
    }
    return c - '0';
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
