package io.loadlab.provision.libvirt;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** libvirt's test driver with the project's fake host (src/test/resources/libvirt/testnode.xml). */
public final class TestDriver {
  private TestDriver() {}

  /** The {@code test:///abs/path} URI of the fake host. */
  public static String uri() {
    try {
      Path node = Path.of(TestDriver.class.getResource("/libvirt/testnode.xml").toURI());
      return "test://" + node.toAbsolutePath();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Skips the test with a message when the native libvirt library (Debian libvirt0) is absent. */
  public static void assumeLibvirt() {
    boolean present =
        Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libvirt.so.0"))
            || Files.exists(Path.of("/usr/lib/aarch64-linux-gnu/libvirt.so.0"))
            || Files.exists(Path.of("/usr/lib64/libvirt.so.0"))
            || Files.exists(Path.of("/usr/lib/libvirt.so.0"));
    assumeTrue(
        present, "native libvirt is not installed; apt-get install libvirt0 (CI installs it)");
  }

  /**
   * Makes {@code lv} (on the test driver) define guests as {@code type}, so checks that skip the
   * test driver (free memory, virtualization) run against it.
   */
  public static void useDomainType(LibvirtHost lv, String type) {
    lv.useDomainType(type);
  }
}
