package io.loadlab.core.run;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Creates a new run's own directory atomically: the name asked for if nobody has it, else the name
 * with {@code -2}, {@code -3}, ... Two runs started in the same second never share a directory.
 *
 * <p>A directory can be made with its first files already in it ({@link #createNew(Path,
 * Contents)}): they are written into a hidden directory beside it ({@code .NAME.PID-N.tmp}), which
 * is then renamed to the name. A run's directory thus never exists without its {@code result.json},
 * even for a run killed the moment it appeared.
 */
public final class RunDirectories {
  private static final int MAX_TRIES = 10_000;

  private RunDirectories() {}

  /** What a new directory holds when it appears. */
  @FunctionalInterface
  public interface Contents {
    /** Writes the files into {@code dir}, which nobody else sees yet. */
    void write(Path dir) throws IOException;
  }

  /**
   * Creates and returns a directory that did not exist before, named {@code wanted} or after it.
   */
  public static Path createNew(Path wanted) throws IOException {
    createParent(wanted);
    for (int i = 1; i <= MAX_TRIES; i++) {
      try {
        return Files.createDirectory(candidate(wanted, i)); // atomic: one caller gets each name
      } catch (FileAlreadyExistsException e) {
        // taken: try the next suffix
      }
    }
    throw noFreeName(wanted);
  }

  /**
   * Creates and returns a directory that did not exist before, named {@code wanted} or after it,
   * that holds {@code contents} from the moment it appears.
   */
  public static Path createNew(Path wanted, Contents contents) throws IOException {
    createParent(wanted);
    Path staged = stage(wanted, contents);
    try {
      for (int i = 1; i <= MAX_TRIES; i++) {
        Path name = candidate(wanted, i);
        if (claim(staged, name)) {
          return name;
        }
      }
      throw noFreeName(wanted);
    } catch (IOException | RuntimeException e) {
      deleteTree(staged);
      throw e;
    }
  }

  /**
   * The directory {@code dir}, holding {@code contents}: made with them if it does not exist (it
   * appears with them), else with them written into it.
   */
  public static Path createOrFill(Path dir, Contents contents) throws IOException {
    if (!Files.isDirectory(dir)) {
      createParent(dir);
      Path staged = stage(dir, contents);
      boolean claimed = false;
      try {
        claimed = claim(staged, dir);
      } finally {
        if (!claimed) {
          deleteTree(staged);
        }
      }
      if (claimed) {
        return dir;
      }
    }
    contents.write(dir); // it was there before the run, or another process just made it
    return dir;
  }

  private static void createParent(Path dir) throws IOException {
    Path parent = dir.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
  }

  private static Path candidate(Path wanted, int i) {
    return i == 1 ? wanted : wanted.resolveSibling(wanted.getFileName().toString() + "-" + i);
  }

  private static IOException noFreeName(Path wanted) {
    return new IOException("no free run directory name after " + wanted + "-" + MAX_TRIES);
  }

  /** A new hidden directory beside {@code wanted} holding {@code contents}. */
  private static Path stage(Path wanted, Contents contents) throws IOException {
    String prefix = "." + wanted.getFileName() + "." + ProcessHandle.current().pid() + "-";
    Path staged = null;
    for (int i = 1; staged == null; i++) {
      try {
        staged = Files.createDirectory(wanted.resolveSibling(prefix + i + ".tmp"));
      } catch (FileAlreadyExistsException e) {
        if (i == MAX_TRIES) {
          throw e;
        }
      }
    }
    try {
      contents.write(staged);
    } catch (IOException | RuntimeException e) {
      deleteTree(staged);
      throw e;
    }
    return staged;
  }

  /**
   * Renames {@code staged} to {@code name} unless {@code name} exists; false if it does. A name
   * another run took between the check and the rename holds that run's files, and a rename onto a
   * directory that is not empty fails, so two runs never share one.
   */
  private static boolean claim(Path staged, Path name) throws IOException {
    try {
      Files.move(staged, name);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } catch (FileSystemException e) {
      if (Files.exists(name, LinkOption.NOFOLLOW_LINKS)) {
        return false;
      }
      throw e;
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | RuntimeException e) {
      // a hidden directory left behind names itself (.NAME.PID-N.tmp)
    }
  }
}
