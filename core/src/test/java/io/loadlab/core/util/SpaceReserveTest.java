package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The room kept for a result's last write is a file held open and removed from its directory: it
 * takes its room while the run lives, and a run killed with SIGKILL leaves no file behind.
 */
public class SpaceReserveTest {
  @TempDir Path dir;

  /**
   * The bytes of the largest file this process holds open, unlinked, under a name ending in {@code
   * name} (read through /proc/self/fd); 0 if none.
   */
  public static long heldBytes(String name) throws IOException {
    Path fds = Path.of("/proc/self/fd");
    Assumptions.assumeTrue(Files.isDirectory(fds), "needs /proc (Linux) to see open files");
    long most = 0;
    try (Stream<Path> all = Files.list(fds)) {
      for (Path fd : all.toList()) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.endsWith(name + " (deleted)")) {
            most = Math.max(most, Files.size(fd));
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    }
    return most;
  }

  @Test
  void theRoomIsHeldInAFileNoDirectoryShowsAndGivenBackOnRelease() throws Exception {
    Path target = dir.resolve("result.json");
    Files.writeString(dir.resolve(".result.json.reserve"), "left by an older loadlab");
    SpaceReserve r = SpaceReserve.beside(target);
    r.keep(100_000);
    assertTrue(r.size() >= 100_000, "" + r.size());
    assertTrue(heldBytes(dir.getFileName() + "/.result.json.reserve") >= 100_000, "room taken");
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(0, files.count(), "nothing in the directory, the old file gone too");
    }
    r.keep(300_000);
    assertTrue(heldBytes(dir.getFileName() + "/.result.json.reserve") >= 300_000, "grown");
    r.release();
    assertEquals(0, r.size());
    assertEquals(0, heldBytes(dir.getFileName() + "/.result.json.reserve"), "given back");
    assertFalse(Files.exists(r.file()));
  }
}
