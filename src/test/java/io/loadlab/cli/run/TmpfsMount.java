package io.loadlab.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** A small tmpfs mounted for a test (root only), to fill a disk for real; unmounted on close. */
final class TmpfsMount implements AutoCloseable {
  private final Path where;

  private TmpfsMount(Path where) {
    this.where = where;
  }

  /** Tests that mount need root: CI runs as root and must run them; elsewhere they say why not. */
  static void requireRoot() {
    boolean root = "root".equals(System.getProperty("user.name"));
    if (!root && "true".equals(System.getenv("CI"))) {
      fail("CI must run as root to mount a small tmpfs for the disk-full test");
    }
    Assumptions.assumeTrue(root, "mounting a small tmpfs to fill a disk needs root");
  }

  /** Mounts a tmpfs with {@code options} such as {@code size=2m} or {@code ro,size=1m}. */
  static TmpfsMount of(Path where, String options) throws IOException, InterruptedException {
    Files.createDirectories(where);
    run("mount", "-t", "tmpfs", "-o", options, "tmpfs", where.toString());
    return new TmpfsMount(where);
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    assertEquals(true, p.waitFor(30, TimeUnit.SECONDS), String.join(" ", command));
    assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + output);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    run("umount", "-l", where.toString());
  }
}
