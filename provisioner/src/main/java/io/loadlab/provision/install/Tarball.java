package io.loadlab.provision.install;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.ssh.ShellQuote;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A local tarball to install, and its SHA-256 (read once), which tells installs apart. */
final class Tarball {
  private final Path path;
  private final String field;
  private String sha256;

  /**
   * @param field the testbed field that names it, for errors
   */
  Tarball(Path path, String field) {
    this.path = path;
    this.field = field;
  }

  Path path() {
    return path;
  }

  String fileName() {
    return path.getFileName().toString();
  }

  /** True if the file {@code marker} on the machine names this tarball's SHA-256. */
  boolean installedAt(RemoteShell sh, String marker) {
    String installed = sh.run("cat " + ShellQuote.quote(marker) + " 2>/dev/null").stdout();
    return installed.strip().equals(sha256());
  }

  String sha256() {
    if (sha256 == null) {
      try (InputStream in = Files.newInputStream(path)) {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) > 0; ) {
          md.update(buf, 0, n);
        }
        sha256 = HexFormat.of().formatHex(md.digest());
      } catch (IOException e) {
        throw new UsageException(field + ": cannot read " + path + " (" + e.getMessage() + ")");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
    return sha256;
  }
}
