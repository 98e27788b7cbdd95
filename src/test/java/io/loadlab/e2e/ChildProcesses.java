package io.loadlab.e2e;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * This JVM's child processes, read from each of its threads' list of children in {@code /proc}
 * (Linux): some dozens of small files, where {@link ProcessHandle#children} reads the status of
 * every process on the machine. Where the lists are not there (a kernel without them), or a thread
 * ended while they were read (its children go to another thread, maybe one read already), it asks
 * {@link ProcessHandle#children}.
 */
final class ChildProcesses {
  private static final Path TASKS = Path.of("/proc/self/task");

  private ChildProcesses() {}

  /** The process ids of this JVM's children now. */
  static Set<Long> ofThisJvm() {
    try {
      Set<String> threads = threads();
      Set<Long> children = new HashSet<>();
      for (String tid : threads) {
        String list = Files.readString(TASKS.resolve(tid).resolve("children"));
        for (String pid : list.trim().split("\\s+")) {
          if (!pid.isEmpty()) {
            children.add(Long.parseLong(pid));
          }
        }
      }
      if (threads.equals(threads())) {
        return children;
      }
    } catch (IOException | NumberFormatException e) {
      // no such lists, or a thread ended meanwhile
    }
    return ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
  }

  private static Set<String> threads() throws IOException {
    Set<String> threads = new HashSet<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      tasks.forEach(t -> threads.add(t.getFileName().toString()));
    }
    return threads;
  }
}
