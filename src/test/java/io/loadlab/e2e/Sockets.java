package io.loadlab.e2e;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The listening TCP sockets a process holds, read from {@code /proc} (Linux). */
final class Sockets {
  private Sockets() {}

  /** The inodes of the listening TCP sockets (IPv4 and IPv6) among the process's open files. */
  static Set<Long> listeningInodes(long pid) {
    Set<Long> listening = new HashSet<>();
    for (String table : List.of("/proc/" + pid + "/net/tcp", "/proc/" + pid + "/net/tcp6")) {
      try {
        for (String line : Files.readAllLines(Path.of(table))) {
          String[] f = line.trim().split("\\s+");
          if (f.length > 9 && f[3].equals("0A")) { // 0A: LISTEN
            listening.add(Long.parseLong(f[9]));
          }
        }
      } catch (IOException | NumberFormatException e) {
        // the process is gone, or the table has no such row
      }
    }
    Set<Long> own = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/" + pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            long inode = Long.parseLong(target.substring(8, target.length() - 1));
            if (listening.contains(inode)) {
              own.add(inode);
            }
          }
        } catch (IOException | NumberFormatException e) {
          // closed meanwhile
        }
      }
    } catch (IOException e) {
      // the process is gone
    }
    return own;
  }
}
