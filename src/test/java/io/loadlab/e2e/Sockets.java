package io.loadlab.e2e;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The sockets a process holds and which of them listen, read from {@code /proc} (Linux). The
 * process's own open files are cheap to list; the TCP tables hold every socket of the machine's
 * network namespace (thousands on a busy machine) and are read only when there is a socket to look
 * up in them.
 */
final class Sockets {
  private Sockets() {}

  /** The inodes of the sockets (of any kind and state) among the process's open files. */
  static Set<Long> heldInodes(long pid) {
    Set<Long> held = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/" + pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            held.add(Long.parseLong(target.substring(8, target.length() - 1)));
          }
        } catch (IOException | NumberFormatException e) {
          // closed meanwhile
        }
      }
    } catch (IOException e) {
      // the process is gone
    }
    return held;
  }

  /**
   * Those of {@code inodes} that are listening TCP sockets (IPv4 and IPv6), as the process {@code
   * pid} sees its network namespace's tables; none without reading them if {@code inodes} is empty.
   */
  static Set<Long> listening(long pid, Set<Long> inodes) {
    Set<Long> listening = new HashSet<>();
    if (inodes.isEmpty()) {
      return listening;
    }
    for (String table : List.of("/proc/" + pid + "/net/tcp", "/proc/" + pid + "/net/tcp6")) {
      try {
        for (String line : Files.readAllLines(Path.of(table))) {
          String[] f = line.trim().split("\\s+");
          if (f.length > 9 && f[3].equals("0A") && inodes.contains(Long.parseLong(f[9]))) {
            listening.add(Long.parseLong(f[9])); // 0A: LISTEN
          }
        }
      } catch (IOException | NumberFormatException e) {
        // the process is gone, or the table has no such row
      }
    }
    return listening;
  }

  /** The inodes of the listening TCP sockets (IPv4 and IPv6) among the process's open files. */
  static Set<Long> listeningInodes(long pid) {
    return listening(pid, heldInodes(pid));
  }
}
