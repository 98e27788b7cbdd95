package io.loadlab.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Follows, as {@code /proc} shows it, the CPU time of the one process of a network namespace whose
 * command line contains a word: its {@code utime + stime} every 20 ms, stamped with the wall clock,
 * from when it appears until it is gone or {@link #close()}; the CPU it used between two instants
 * is interpolated between the readings around them.
 */
final class ProcCpuWatch implements AutoCloseable {
  /** USER_HZ, the unit of /proc/PID/stat's times. */
  private static final long NANOS_PER_TICK = 10_000_000L;

  private final Path netns;
  private final String word;
  private final List<double[]> readings = new ArrayList<>();
  private final Thread thread;
  private volatile boolean closed;
  private volatile long pid = -1;

  /**
   * @param namespace a network namespace's name ({@code /run/netns/NAME})
   * @param word a word of the process's command line ({@code serve})
   */
  ProcCpuWatch(String namespace, String word) {
    this.netns = Path.of("/run/netns", namespace);
    this.word = word;
    this.thread = new Thread(this::watch, "proc-cpu-" + namespace);
    thread.setDaemon(true);
    thread.start();
  }

  /** The process's pid once seen, else -1. */
  long pid() {
    return pid;
  }

  /** True once the process was seen and is gone. */
  boolean ended() {
    return pid > 0 && !Files.exists(Path.of("/proc/" + pid));
  }

  private void watch() {
    while (!closed) {
      if (pid < 0) {
        pid = find();
      }
      if (pid > 0) {
        Long ticks = ticks(pid);
        if (ticks == null) {
          return; // gone
        }
        synchronized (readings) {
          readings.add(new double[] {System.currentTimeMillis(), ticks * (double) NANOS_PER_TICK});
        }
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private long find() {
    Object ns;
    try {
      // Read each time: the name exists a moment before the namespace is mounted on it.
      ns = Files.getAttribute(netns, "unix:ino");
    } catch (IOException e) {
      return -1;
    }
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : (Iterable<Path>) procs::iterator) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          if (ns.equals(Files.getAttribute(p.resolve("ns/net"), "unix:ino"))
              && List.of(Files.readString(p.resolve("cmdline")).split("\0")).contains(word)) {
            return Long.parseLong(name);
          }
        } catch (IOException | RuntimeException e) {
          // gone meanwhile, or not ours to read
        }
      }
    } catch (IOException e) {
      // try again
    }
    return -1;
  }

  /** utime + stime of a process, in ticks, or null if it is gone. */
  static Long ticks(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      // After "pid (comm) ": state is field 3, utime 14, stime 15.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** CPU nanoseconds from {@code fromMs} to {@code toMs} (wall clock), or null if not covered. */
  Double nanos(double fromMs, double toMs) {
    synchronized (readings) {
      Double a = at(fromMs);
      Double b = at(toMs);
      return a == null || b == null ? null : b - a;
    }
  }

  private Double at(double t) {
    for (int i = 1; i < readings.size(); i++) {
      double[] a = readings.get(i - 1);
      double[] b = readings.get(i);
      if (a[0] <= t && t <= b[0]) {
        return b[0] == a[0] ? a[1] : a[1] + (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]);
      }
    }
    return null;
  }

  /** How many readings were taken, for a failure's message. */
  int readings() {
    synchronized (readings) {
      return readings.size();
    }
  }

  @Override
  public void close() throws InterruptedException {
    closed = true;
    thread.interrupt();
    thread.join(2000);
  }
}
