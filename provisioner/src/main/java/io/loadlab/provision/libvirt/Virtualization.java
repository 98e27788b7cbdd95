package io.loadlab.provision.libvirt;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.testbed.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Chooses how a host's guests run, from its {@code virtualization} and what libvirt offers: KVM, or
 * QEMU's emulation (TCG, domain type {@code qemu}). On this machine, a /dev/kvm served only by the
 * {@code kvm_pvm} module (nested CI and cloud machines) cannot boot a stock kernel, so it does not
 * count as usable KVM. Fails with one line naming the field and the fix when libvirt has no x86_64
 * emulator (qemu missing) or the testbed forbids emulation on a host without usable KVM.
 */
public final class Virtualization {
  private static final Path SYS_MODULE = Path.of("/sys/module");

  private Virtualization() {}

  /** Resolves the domain type for {@code lv} and sets it; returns {@code kvm} or {@code tcg}. */
  public static String apply(String hostName, Host h, LibvirtHost lv) {
    if ("test".equals(lv.domainType())) {
      return "kvm";
    }
    String type = decide(hostName, h, lv.uri(), lv.capabilities(), SYS_MODULE);
    lv.useDomainType("kvm".equals(type) ? "kvm" : "qemu");
    return type;
  }

  /**
   * The decision of {@link #apply} from the capabilities XML and the kernel's module directory
   * ({@code /sys/module}; a parameter so tests can give a machine without hardware KVM).
   */
  static String decide(String hostName, Host h, String uri, String capabilities, Path modules) {
    Document caps = Xml.parse(capabilities);
    boolean emulator = false;
    boolean kvm = false;
    for (Element guest : Xml.elements(caps, "/capabilities/guest")) {
      if ("x86_64".equals(Xml.text(guest, "arch/@name"))) {
        emulator = true;
        kvm |= !Xml.elements(guest, "arch/domain[@type='kvm']").isEmpty();
      }
    }
    String field = "hosts." + hostName;
    if (!emulator) {
      throw new UsageException(
          field
              + ": libvirt at "
              + uri
              + " offers no x86_64 guests (qemu missing); install qemu-system-x86 on the host"
              + " and restart libvirtd");
    }
    String why = null;
    if (!kvm) {
      why = "libvirt offers no kvm domain type (no /dev/kvm)";
    } else if (h.isLocal() && pvmOnly(modules)) {
      why = "its /dev/kvm is the nested kvm_pvm module, which cannot boot a stock kernel";
    }
    String wanted = h.virtualizationOrDefault();
    if (why != null && "kvm".equals(wanted)) {
      throw new UsageException(
          field
              + ".virtualization: kvm, but "
              + hostName
              + " has no usable KVM ("
              + why
              + "); set virtualization: auto or tcg to emulate (much slower), or enable KVM");
    }
    boolean useKvm = "kvm".equals(wanted) || ("auto".equals(wanted) && why == null);
    return useKvm ? "kvm" : "tcg";
  }

  private static boolean pvmOnly(Path modules) {
    return Files.exists(modules.resolve("kvm_pvm"))
        && !Files.exists(modules.resolve("kvm_intel"))
        && !Files.exists(modules.resolve("kvm_amd"));
  }
}
