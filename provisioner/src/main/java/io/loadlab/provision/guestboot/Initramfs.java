package io.loadlab.provision.guestboot;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a gzip-compressed initramfs (a {@code newc} cpio archive) of directories and files built
 * in memory, such as a static busybox, kernel modules and an {@code /init} script: a guest then
 * needs nothing but a kernel from the host's packages, and nothing is downloaded.
 */
public final class Initramfs {
  private final ByteArrayOutputStream cpio = new ByteArrayOutputStream();
  private int inode = 1;

  /** A directory entry such as {@code dev}. */
  public Initramfs dir(String name) {
    entry(name, 0040755, new byte[0]);
    return this;
  }

  /** An executable file entry. */
  public Initramfs executable(String name, byte[] content) {
    entry(name, 0100755, content);
    return this;
  }

  /** A regular file entry, not executable. */
  public Initramfs file(String name, byte[] content) {
    entry(name, 0100644, content);
    return this;
  }

  /** Writes the archive, gzip-compressed, to {@code file}. */
  public void write(Path file) throws IOException {
    entry("TRAILER!!!", 0, new byte[0]);
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      cpio.writeTo(out);
    }
  }

  private void entry(String name, int mode, byte[] content) {
    byte[] path = (name + "\0").getBytes(StandardCharsets.US_ASCII);
    StringBuilder h = new StringBuilder("070701");
    int[] fields = {inode++, mode, 0, 0, 1, 0, content.length, 0, 0, 0, 0, path.length, 0};
    for (int f : fields) {
      h.append(String.format("%08x", f));
    }
    cpio.writeBytes(h.toString().getBytes(StandardCharsets.US_ASCII));
    cpio.writeBytes(path);
    pad();
    cpio.writeBytes(content);
    pad();
  }

  private void pad() {
    while (cpio.size() % 4 != 0) {
      cpio.write(0);
    }
  }
}
