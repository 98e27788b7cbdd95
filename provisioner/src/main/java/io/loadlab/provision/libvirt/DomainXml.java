package io.loadlab.provision.libvirt;

import static io.loadlab.provision.libvirt.Xml.escape;

import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.HostFacts;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Writes libvirt domain XML for a guest, and reads back what a defined domain has. */
public final class DomainXml {
  private DomainXml() {}

  /** The domain XML for {@code spec}. */
  public static String of(DomainSpec spec) {
    StringBuilder x = new StringBuilder();
    x.append("<domain type='").append(escape(spec.type())).append("'>\n");
    x.append("  <name>").append(escape(spec.name())).append("</name>\n");
    x.append("  <memory unit='KiB'>").append(spec.memoryKiB()).append("</memory>\n");
    x.append("  <currentMemory unit='KiB'>").append(spec.memoryKiB()).append("</currentMemory>\n");
    if (spec.hugepageKiB() > 0) {
      x.append("  <memoryBacking>\n    <hugepages>\n      <page size='")
          .append(spec.hugepageKiB())
          .append("' unit='KiB'/>\n    </hugepages>\n  </memoryBacking>\n");
    }
    x.append("  <vcpu placement='static'>").append(spec.vcpus()).append("</vcpu>\n");
    if (!spec.pins().isEmpty() || spec.emulatorPin() != null) {
      x.append("  <cputune>\n");
      for (int i = 0; i < spec.pins().size(); i++) {
        x.append("    <vcpupin vcpu='")
            .append(i)
            .append("' cpuset='")
            .append(spec.pins().get(i))
            .append("'/>\n");
      }
      if (spec.emulatorPin() != null) {
        // QEMU's emulator threads; its vhost-net threads follow (libvirt has no element for them).
        x.append("    <emulatorpin cpuset='").append(escape(spec.emulatorPin())).append("'/>\n");
      }
      x.append("  </cputune>\n");
      if (spec.numaNode() >= 0 && !spec.pins().isEmpty()) {
        x.append("  <numatune>\n    <memory mode='strict' nodeset='")
            .append(spec.numaNode())
            .append("'/>\n  </numatune>\n");
      }
    }
    x.append("  <os>\n    <type arch='x86_64'>hvm</type>\n");
    Guest.Boot boot = spec.boot();
    if (boot == null) {
      x.append("    <boot dev='hd'/>\n");
    } else {
      element(x, "kernel", boot.kernel());
      element(x, "initrd", boot.initrd());
      element(x, "cmdline", boot.cmdline());
    }
    x.append("  </os>\n");
    x.append("  <features><acpi/><apic/></features>\n");
    x.append("  <on_poweroff>destroy</on_poweroff>\n  <on_reboot>restart</on_reboot>\n");
    x.append("  <devices>\n");
    if (spec.shareHostRoot()) {
      // The host's root filesystem, read-only; remap keeps inode numbers of its several
      // filesystems apart.
      x.append(
          "    <filesystem type='mount' accessmode='passthrough' multidevs='remap'>\n"
              + "      <source dir='/'/>\n      <target dir='hostroot'/>\n      <readonly/>\n"
              + "    </filesystem>\n");
    }
    if (!spec.diskPath().isEmpty()) {
      x.append("    <disk type='file' device='disk'>\n")
          .append("      <driver name='qemu' type='qcow2'/>\n")
          .append("      <source file='")
          .append(escape(spec.diskPath()))
          .append("'/>\n")
          .append("      <target dev='vda' bus='virtio'/>\n")
          .append("    </disk>\n");
    }
    for (DomainSpec.Nic nic : spec.nics()) {
      nic(x, nic);
    }
    if (boot != null && boot.consoleLog() != null) {
      String log = escape(boot.consoleLog());
      x.append("    <serial type='file'>\n      <source path='")
          .append(log)
          .append("'/>\n      <target port='0'/>\n    </serial>\n");
      x.append("    <console type='file'>\n      <source path='")
          .append(log)
          .append("'/>\n      <target type='serial' port='0'/>\n    </console>\n");
    } else {
      x.append("    <console type='pty'/>\n");
    }
    x.append("  </devices>\n</domain>\n");
    return x.toString();
  }

  private static void nic(StringBuilder x, DomainSpec.Nic nic) {
    switch (nic.kind()) {
      case "bridge", "direct" -> {
        x.append("    <interface type='").append(nic.kind()).append("'>\n");
        mac(x, nic);
        if ("bridge".equals(nic.kind())) {
          x.append("      <source bridge='").append(escape(nic.source())).append("'/>\n");
        } else {
          x.append("      <source dev='")
              .append(escape(nic.source()))
              .append("' mode='")
              .append(escape(nic.sourceMode()))
              .append("'/>\n");
        }
        x.append("      <model type='virtio'/>\n");
        if (nic.mtu() > 0) {
          x.append("      <mtu size='").append(nic.mtu()).append("'/>\n");
        }
        x.append("    </interface>\n");
      }
      case "sriov" -> {
        x.append("    <interface type='hostdev' managed='yes'>\n");
        mac(x, nic);
        x.append("      <source>\n").append(address(nic.pci())).append("      </source>\n");
        x.append("    </interface>\n");
      }
      case "pci" ->
          // A whole device: libvirt detaches it from the host's driver while the guest runs.
          x.append("    <hostdev mode='subsystem' type='pci' managed='yes'>\n")
              .append("      <source>\n")
              .append(address(nic.pci()))
              .append("      </source>\n")
              .append("    </hostdev>\n");
      default -> throw new IllegalArgumentException("unknown NIC kind " + nic.kind());
    }
  }

  private static void mac(StringBuilder x, DomainSpec.Nic nic) {
    x.append("      <mac address='").append(nic.mac()).append("'/>\n");
  }

  private static String address(HostFacts.PciAddress a) {
    return String.format(
        "        <address type='pci' domain='0x%04x' bus='0x%02x' slot='0x%02x' function='0x%x'/>\n",
        a.domain(), a.bus(), a.slot(), a.function());
  }

  private static HostFacts.PciAddress address(Element source) {
    return new HostFacts.PciAddress(
        Xml.number(Xml.text(source, "address/@domain")),
        Xml.number(Xml.text(source, "address/@bus")),
        Xml.number(Xml.text(source, "address/@slot")),
        Xml.number(Xml.text(source, "address/@function")));
  }

  private static void element(StringBuilder x, String name, String value) {
    if (value != null) {
      x.append("    <")
          .append(name)
          .append('>')
          .append(escape(value))
          .append("</")
          .append(name)
          .append(">\n");
    }
  }

  /** A stable, locally administered MAC (52:54:00 prefix) for a guest of a testbed. */
  public static String mac(String testbed, String guest) {
    int h = (testbed + "/" + guest).hashCode();
    return String.format("52:54:00:%02x:%02x:%02x", (h >> 16) & 0xff, (h >> 8) & 0xff, h & 0xff);
  }

  /**
   * The MAC of a guest's NIC {@code index}: NIC 0 has {@link #mac(String, String)}, the others
   * their own.
   */
  public static String mac(String testbed, String guest, int index) {
    return index == 0 ? mac(testbed, guest) : mac(testbed, guest + "#" + index);
  }

  /**
   * What a defined domain has, as far as the testbed cares.
   *
   * @param vcpus vCPUs
   * @param memoryKiB memory
   * @param hugepageKiB hugepage size, or 0
   * @param pins host CPU list per vCPU as written in {@code <cputune>} (empty if none)
   * @param network per NIC, comma-separated: {@code bridge:<name>} (with {@code mtu:<size>} if
   *     set), {@code direct:<dev>/<mode>} (likewise), {@code sriov:<pci address>} (a VF), {@code
   *     pci:<pci address>} (a whole device); or {@code none}
   * @param boot {@code disk}, or {@code kernel:<kernel> initrd:<initrd> cmdline:<cmdline>}
   * @param emulatorPin the {@code <emulatorpin>} CPU list, or empty
   */
  public record Summary(
      int vcpus,
      long memoryKiB,
      long hugepageKiB,
      List<String> pins,
      String network,
      String boot,
      String emulatorPin) {
    /** A summary without emulator pinning. */
    public Summary(
        int vcpus,
        long memoryKiB,
        long hugepageKiB,
        List<String> pins,
        String network,
        String boot) {
      this(vcpus, memoryKiB, hugepageKiB, pins, network, boot, "");
    }
  }

  /** Reads the parts of domain XML that {@link #of} writes. */
  public static Summary read(String xml) {
    Document d = Xml.parse(xml);
    int vcpus = Xml.number(Xml.text(d, "/domain/vcpu"));
    long memory = toKiB(Xml.text(d, "/domain/memory"), Xml.text(d, "/domain/memory/@unit"));
    String page = Xml.text(d, "/domain/memoryBacking/hugepages/page/@size");
    long pageKiB =
        page.isEmpty()
            ? (Xml.elements(d, "/domain/memoryBacking/hugepages").isEmpty() ? 0 : 2048)
            : toKiB(page, Xml.text(d, "/domain/memoryBacking/hugepages/page/@unit"));
    List<String> pins = new ArrayList<>();
    for (Element pin : Xml.elements(d, "/domain/cputune/vcpupin")) {
      pins.add(pin.getAttribute("cpuset"));
    }
    List<String> nics = new ArrayList<>();
    for (Element dev : Xml.elements(d, "/domain/devices/*")) {
      String type = dev.getAttribute("type");
      if ("interface".equals(dev.getTagName())) {
        String mtu = Xml.text(dev, "mtu/@size");
        String withMtu = mtu.isEmpty() ? "" : " mtu:" + mtu;
        switch (type) {
          case "bridge" -> nics.add("bridge:" + Xml.text(dev, "source/@bridge") + withMtu);
          case "direct" ->
              nics.add(
                  "direct:"
                      + Xml.text(dev, "source/@dev")
                      + "/"
                      + Xml.text(dev, "source/@mode")
                      + withMtu);
          case "hostdev" -> nics.add("sriov:" + address(Xml.elements(dev, "source").get(0)));
          default -> nics.add(type);
        }
      } else if ("hostdev".equals(dev.getTagName()) && "pci".equals(type)) {
        nics.add("pci:" + address(Xml.elements(dev, "source").get(0)));
      }
    }
    String network = nics.isEmpty() ? "none" : String.join(", ", nics);
    String kernel = Xml.text(d, "/domain/os/kernel");
    String boot =
        kernel.isEmpty()
            ? "disk"
            : "kernel:"
                + kernel
                + " initrd:"
                + Xml.text(d, "/domain/os/initrd")
                + " cmdline:"
                + Xml.text(d, "/domain/os/cmdline");
    return new Summary(
        vcpus,
        memory,
        pageKiB,
        pins,
        network,
        boot,
        Xml.text(d, "/domain/cputune/emulatorpin/@cpuset"));
  }

  private static long toKiB(String value, String unit) {
    long v = Long.parseLong(value.trim());
    return switch (unit.isEmpty() ? "KiB" : unit) {
      case "b", "bytes" -> v / 1024;
      case "M", "MiB" -> v * 1024;
      case "G", "GiB" -> v * 1024 * 1024;
      default -> v;
    };
  }
}
