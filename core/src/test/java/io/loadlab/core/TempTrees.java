package io.loadlab.core;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Removal of the temporary directories test fixtures make (brokers, embedded PostgreSQL). */
public final class TempTrees {
  private static final int ATTEMPTS = 5;

  private TempTrees() {}

  /**
   * Deletes {@code dir} and everything below it, if it is not null. Files that vanish meanwhile (a
   * server still removing its pid file) are skipped, and the walk is repeated a few times until the
   * directory is gone.
   */
  public static void delete(Path dir) throws IOException {
    if (dir == null) {
      return;
    }
    for (int attempt = 1; Files.exists(dir); attempt++) {
      try {
        Files.walkFileTree(dir, new Remover());
      } catch (IOException e) {
        if (attempt >= ATTEMPTS) {
          throw e;
        }
        sleepBriefly();
      }
    }
  }

  /**
   * At JVM exit, closes {@code server} and then deletes {@code dir}: for fixtures shared by a whole
   * test JVM, which no test stops.
   */
  public static void closeAndDeleteAtExit(AutoCloseable server, Path dir) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    server.close();
                  } catch (Exception e) {
                    // going away anyway; still remove the files
                  }
                  try {
                    delete(dir);
                  } catch (IOException e) {
                    // best effort at exit
                  }
                }));
  }

  private static void sleepBriefly() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Deletes files, then their directories; a file already gone is not an error. */
  private static final class Remover extends SimpleFileVisitor<Path> {
    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
      Files.deleteIfExists(file);
      return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
      if (e instanceof NoSuchFileException) {
        return FileVisitResult.CONTINUE;
      }
      throw e;
    }

    @Override
    public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
      Files.deleteIfExists(dir);
      return FileVisitResult.CONTINUE;
    }
  }
}
