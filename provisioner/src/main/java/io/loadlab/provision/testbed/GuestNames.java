package io.loadlab.provision.testbed;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The names a testbed's guests and lab networks get on their host. As written in the file, unless
 * the testbed says {@code unique-names: true}: then each carries a short id of the checkout the
 * testbed file is in ({@code -} and 4 hex digits of its directory's real path), so that two users'
 * labs from two checkouts on one machine do not collide, while one checkout always gets the same
 * names (a later teardown finds what an apply made). Domains become {@code <guest>-<id>}, their
 * volumes {@code <guest>-<id>.qcow2}, bridges and dummy interfaces {@code <name>-<id>} (so a name
 * is at most {@value #MAX_UNIQUE_INTERFACE} characters: Linux allows 15 for an interface).
 */
public final class GuestNames {
  /** The longest interface name Linux takes. */
  public static final int MAX_INTERFACE = 15;

  /** The longest bridge name in a file with {@code unique-names}: 15 less the id's 5. */
  public static final int MAX_UNIQUE_INTERFACE = MAX_INTERFACE - 5;

  private final String suffix;

  private GuestNames(String suffix) {
    this.suffix = suffix;
  }

  /** Names as written in the file. */
  public static final GuestNames AS_WRITTEN = new GuestNames("");

  /** The names of {@code testbed} read from {@code file}. */
  public static GuestNames of(Testbed testbed, Path file) {
    if (!Boolean.TRUE.equals(testbed.uniqueNames())) {
      return AS_WRITTEN;
    }
    return new GuestNames("-" + id(file));
  }

  /** The checkout's id: 4 hex digits of the SHA-256 of the file's directory's real path. */
  static String id(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    try {
      dir = dir.toRealPath();
    } catch (IOException e) {
      // the absolute path as given
    }
    try {
      byte[] h =
          MessageDigest.getInstance("SHA-256")
              .digest(dir.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(h, 0, 2);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The libvirt domain of a guest. */
  public String domain(String guest) {
    return guest + suffix;
  }

  /** The cloned volume of a guest. */
  public String volume(String guest) {
    return domain(guest) + ".qcow2";
  }

  /** The interface on the host of a lab bridge or dummy interface of the file. */
  public String hostInterface(String name) {
    return name + suffix;
  }

  /**
   * The interface on host {@code h} that a guest's {@code bridge} or {@code source} names: one the
   * testbed makes there (a lab bridge or dummy) carries the id; any other is the host's own.
   */
  public String hostInterface(Host h, String name) {
    return h != null && h.makes(name) ? hostInterface(name) : name;
  }

  /** True if names carry the checkout's id. */
  public boolean unique() {
    return !suffix.isEmpty();
  }
}
