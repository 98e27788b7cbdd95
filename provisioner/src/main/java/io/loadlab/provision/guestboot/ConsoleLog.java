package io.loadlab.provision.guestboot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A guest's serial console as libvirt writes it to a file on this machine: the trusted path its SSH
 * host key comes by, and the lines a failure message quotes.
 */
public final class ConsoleLog {
  /** What loadlab's {@code /init} prints before the host key. */
  static final String KEY_MARKER = "loadlab-host-key: ";

  /** What {@code /init} prints when something failed in the guest. */
  static final String FAILURE_MARKER = "loadlab-init: ";

  private final Path file;

  public ConsoleLog(Path file) {
    this.file = file;
  }

  public Path file() {
    return file;
  }

  /** Its text so far, or empty. */
  public String text() {
    try {
      return Files.isReadable(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
    } catch (IOException e) {
      return "";
    }
  }

  /** Its last {@code n} non-blank lines, joined with " | " for a one-line message. */
  public String tail(int n) {
    List<String> lines = text().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    List<String> last = lines.subList(Math.max(0, lines.size() - n), lines.size());
    return last.isEmpty() ? "(console empty)" : String.join(" | ", last);
  }

  /**
   * The host key this boot printed ({@code <type> <base64>}, the first such line: {@code /init}
   * prints it before anything else in the guest runs), or null if it has printed none yet.
   */
  public String hostKey() {
    return hostKey(text());
  }

  private static String hostKey(String t) {
    int at = t.indexOf(KEY_MARKER);
    if (at >= 0 && t.indexOf('\n', at) > 0) {
      String[] words =
          t.substring(at + KEY_MARKER.length(), t.indexOf('\n', at)).strip().split("\\s+");
      if (words.length >= 2) {
        return words[0] + " " + words[1];
      }
    }
    return null;
  }

  /**
   * Waits for the host key line ({@code <type> <base64>}) and returns it; throws with the console's
   * last lines if the guest reports a failure or the timeout passes.
   */
  public String awaitHostKey(String guest, Duration timeout) throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (true) {
      String t = text();
      String key = hostKey(t);
      if (key != null) {
        return key;
      }
      int failed = t.indexOf(FAILURE_MARKER);
      if (failed >= 0 && t.indexOf('\n', failed) > 0) {
        throw new GuestBootException(
            guest + " failed to boot: " + t.substring(failed, t.indexOf('\n', failed)).strip(),
            this);
      }
      if (System.nanoTime() > end) {
        throw new GuestBootException(
            guest
                + " printed no SSH host key on its console within "
                + timeout.toSeconds()
                + " s (a slow emulated boot: raise provision apply's --boot-timeout)",
            this);
      }
      Thread.sleep(250);
    }
  }
}
