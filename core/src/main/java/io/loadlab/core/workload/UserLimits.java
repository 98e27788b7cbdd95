package io.loadlab.core.workload;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Numbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether this machine can open as many users as a run asks, checked before anything starts: each
 * user holds its own connection (two file descriptors when the server runs in this process), each
 * TCP connection takes an ephemeral port, and a user on a platform thread takes a kernel thread.
 * Every workload with users (net, amqp, ds2) checks through here. A count beyond a limit is refused
 * with one line naming the limit and how to raise it, rather than failing users one by one mid-run.
 * Limits this machine does not tell ({@code /proc} missing) are not checked.
 */
public final class UserLimits {
  /** Descriptors kept free for the run's own files, the control connection and the JVM. */
  static final long SPARE_DESCRIPTORS = 64;

  /** Threads kept free for the JVM's own and the run's timekeeping. */
  static final long SPARE_THREADS = 64;

  private final Path proc;

  UserLimits(Path proc) {
    this.proc = proc;
  }

  /** The limits of this process, read from {@code /proc}. */
  public static UserLimits ofThisProcess() {
    return new UserLimits(Path.of("/proc"));
  }

  /**
   * Refuses {@code users} net users (the largest point of a sweep) that this process cannot open:
   * {@code --users}, each on a platform thread; the server apart is {@code loadlab net serve}.
   *
   * @param descriptorsPerUser 1, or 2 when the server's end of each connection is in this process
   * @param tcp whether each user holds a TCP connection (an ephemeral port)
   * @throws UsageException naming the limit and how to raise it
   */
  public void check(int users, int descriptorsPerUser, boolean tcp) {
    check(
        new Users(
            "--users",
            users,
            descriptorsPerUser,
            tcp,
            true,
            "run the server apart with 'loadlab net serve' and --host"));
  }

  /**
   * What a run's users take.
   *
   * @param option the option that sets their count, as its refusal names it ({@code --threads})
   * @param count how many users (connections)
   * @param descriptorsPerUser 1, or 2 when the server's end of each connection is in this process
   * @param tcp whether each user holds a TCP connection (an ephemeral port)
   * @param kernelThreads whether each user is a platform (kernel) thread
   * @param serverApart how to run the server in a process of its own, for a refusal of descriptors
   *     when its end is in this one
   */
  public record Users(
      String option,
      int count,
      int descriptorsPerUser,
      boolean tcp,
      boolean kernelThreads,
      String serverApart) {}

  /**
   * Refuses users that this process cannot open.
   *
   * @throws UsageException naming the limit and how to raise it
   */
  public void check(Users users) {
    checkDescriptors(users);
    if (users.tcp()) {
      checkPorts(users);
    }
    if (users.kernelThreads()) {
      checkThreads(users);
    }
  }

  private void checkDescriptors(Users u) {
    int users = u.count();
    int perUser = u.descriptorsPerUser();
    long[] limit = limit("Max open files");
    if (limit == null) {
      return;
    }
    long open = openDescriptors();
    long needed = open + (long) users * perUser + SPARE_DESCRIPTORS;
    if (needed <= limit[0]) {
      return;
    }
    String raise =
        needed <= limit[1]
            ? "raise it with 'ulimit -n " + limit[1] + "' before the run"
            : "raise the hard limit (LimitNOFILE= of a service, nofile in"
                + " /etc/security/limits.conf, or 'ulimit -Hn "
                + needed
                + "' as root)";
    throw new UsageException(
        u.option()
            + " "
            + users
            + ": needs about "
            + Numbers.format(needed)
            + " file descriptors ("
            + perUser
            + " per user"
            + (perUser > 1 ? ", the server's end in this process" : "")
            + ") and this process may open "
            + Numbers.format(limit[0])
            + " (ulimit -n); "
            + raise
            + (perUser > 1 && u.serverApart() != null ? ", " + u.serverApart() : "")
            + ", or use fewer users");
  }

  private void checkPorts(Users u) {
    int users = u.count();
    List<String> range = words(proc.resolve("sys/net/ipv4/ip_local_port_range"));
    if (range.size() < 2) {
      return;
    }
    long ports;
    try {
      ports = Long.parseLong(range.get(1)) - Long.parseLong(range.get(0)) + 1;
    } catch (NumberFormatException e) {
      return;
    }
    if (users <= ports) {
      return;
    }
    throw new UsageException(
        u.option()
            + " "
            + users
            + ": each user's connection takes an ephemeral port and this machine has "
            + Numbers.format(ports)
            + " (net.ipv4.ip_local_port_range "
            + range.get(0)
            + " "
            + range.get(1)
            + "); widen it with 'sysctl -w net.ipv4.ip_local_port_range=\"1024 65535\"' as root,"
            + " or use fewer users");
  }

  private void checkThreads(Users u) {
    int users = u.count();
    long[] limit = limit("Max processes");
    if (limit == null) {
      return;
    }
    long needed = (long) users + Thread.activeCount() + SPARE_THREADS;
    if (needed <= limit[0]) {
      return;
    }
    throw new UsageException(
        u.option()
            + " "
            + users
            + ": each user is a thread and this user may run "
            + Numbers.format(limit[0])
            + " processes and threads in all (ulimit -u); raise it with 'ulimit -u "
            + needed
            + "' (nproc in /etc/security/limits.conf, TasksMax= of a service), or use fewer"
            + " users");
  }

  /** The soft and hard values of a line of {@code /proc/self/limits}; null if unknown or none. */
  private long[] limit(String name) {
    try {
      for (String line : Files.readAllLines(proc.resolve("self/limits"))) {
        if (line.startsWith(name)) {
          String[] w = line.substring(name.length()).trim().split("\\s+");
          if (w.length < 2 || w[0].equals("unlimited")) {
            return null;
          }
          long soft = Long.parseLong(w[0]);
          long hard = w[1].equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(w[1]);
          return new long[] {soft, hard};
        }
      }
    } catch (IOException | RuntimeException e) {
      // not told: not checked
    }
    return null;
  }

  private long openDescriptors() {
    try (var fds = Files.list(proc.resolve("self/fd"))) {
      return fds.count();
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static List<String> words(Path file) {
    try {
      return List.of(Files.readString(file).trim().split("\\s+"));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
