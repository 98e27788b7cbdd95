package io.loadlab.core.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded PostgreSQL leaves no directory others can write in the temp directory: its binaries
 * go to one of this user's ({@code embedded-pg-<user>}, owner-only), not the library's shared
 * {@code embedded-pg}, which it opens to everyone (0777).
 */
class EmbeddedPostgresServerTest {
  @TempDir Path tmp;

  @Test
  @Timeout(300)
  void itsBinariesDirectoryIsTheUsersAndPrivate() throws Exception {
    String before = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", tmp.toString());
    Path data = Files.createDirectories(tmp.resolve("db")).resolve("data");
    try (EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(data, true, "127.0.0.1", 0)) {
      Path binaries = EmbeddedPostgresServer.binariesDirectory();
      assertEquals(tmp, binaries.getParent());
      assertEquals(
          "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(binaries)));
      assertFalse(Files.exists(tmp.resolve("embedded-pg")), "the library's shared directory");
      try (Stream<Path> files = Files.list(tmp)) {
        files
            .filter(Files::isDirectory)
            .forEach(
                d -> {
                  try {
                    assertFalse(
                        PosixFilePermissions.toString(Files.getPosixFilePermissions(d))
                                .endsWith("w-")
                            || PosixFilePermissions.toString(Files.getPosixFilePermissions(d))
                                .endsWith("wx"),
                        d + " is writable by others");
                  } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                });
      }
    } finally {
      System.setProperty("java.io.tmpdir", before);
    }
  }
}
