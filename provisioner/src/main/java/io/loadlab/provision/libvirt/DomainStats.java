package io.loadlab.provision.libvirt;

import io.loadlab.core.failure.LoadlabException;
import java.util.ArrayList;
import java.util.List;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import org.libvirt.VcpuInfo;

/**
 * What libvirt reports about running domains of one connection ({@link LibvirtHost#stats()}): the
 * host CPU time each domain has used, which a campaign reads around its runs to set the host's
 * share of a guest's work beside the guest's own (the z/VM reports' CP and virtual time), and where
 * each vCPU may run (read and pinned live).
 */
public final class DomainStats {
  private final String hostName;
  private final Connect conn;

  DomainStats(String hostName, Connect conn) {
    this.hostName = hostName;
    this.conn = conn;
  }

  /**
   * The host CPU time a domain has used since it started.
   *
   * @param totalNanos all of the domain's host CPU time ({@code virDomainGetInfo}'s cpuTime: with
   *     QEMU its whole process, vCPU threads, emulator and I/O threads together)
   * @param vcpuNanos the vCPU threads' time alone ({@code virDomainGetVcpus}), or -1 if libvirt did
   *     not report it
   */
  public record DomainCpu(long totalNanos, long vcpuNanos) {}

  /** The host CPU time {@code name} has used; fails (exit 1) if there is no such domain. */
  public DomainCpu cpu(String name) {
    Domain d = require(name);
    long total = call("read CPU time of " + name, () -> d.getInfo().cpuTime);
    long vcpus;
    try {
      vcpus = 0;
      for (VcpuInfo v : d.getVcpusInfo()) {
        vcpus += v.cpuTime;
      }
    } catch (LibvirtException e) {
      vcpus = -1; // a driver without per-vCPU figures: the total still stands
    }
    return new DomainCpu(total, vcpus);
  }

  /**
   * How a running domain runs, from its live XML: {@code kvm}, {@code tcg} (libvirt domain type
   * {@code qemu}: QEMU's emulation) or the driver's own type (e.g. {@code test}); and its guest CPU
   * model: the {@code <cpu>} model libvirt gives it (QEMU's default model where the domain names
   * none, e.g. {@code qemu64}), its mode ({@code host-passthrough}, {@code host-model}) where it
   * has no model, or null where the live XML has no {@code <cpu>}.
   */
  public record DomainVirtualization(String type, String cpuModel) {}

  /** How {@code name} runs (see {@link DomainVirtualization}); fails (exit 1) if it is gone. */
  public DomainVirtualization virtualization(String name) {
    Domain d = require(name);
    return of(call("read XML of " + name, () -> d.getXMLDesc(0)));
  }

  /** The {@link DomainVirtualization} of a domain's XML. */
  static DomainVirtualization of(String xml) {
    org.w3c.dom.Document doc = Xml.parse(xml);
    String type = Xml.text(doc, "/domain/@type").strip();
    String model = Xml.text(doc, "/domain/cpu/model").strip();
    String mode = Xml.text(doc, "/domain/cpu/@mode").strip();
    String cpu = !model.isEmpty() ? model : mode.isEmpty() ? null : mode;
    return new DomainVirtualization("qemu".equals(type) ? "tcg" : type, cpu);
  }

  /** Pins a vCPU of a running domain to one host CPU (live). */
  public void pin(String name, int vcpu, int cpu) {
    Domain d = require(name);
    call(
        "pin vCPU " + vcpu + " of " + name,
        () -> {
          d.pinVcpu(vcpu, CpuMaps.of(List.of(cpu), conn.nodeInfo().maxCpus()));
          return null;
        });
  }

  /** The host CPUs each vCPU of a running domain may run on, as libvirt reports them live. */
  public List<List<Integer>> livePinning(String name) {
    Domain d = require(name);
    return call(
        "read vCPU pinning of " + name,
        () -> {
          int vcpus = d.getInfo().nrVirtCpu;
          int[] maps = d.getVcpusCpuMaps();
          int mapLen = maps.length / Math.max(1, vcpus);
          List<List<Integer>> result = new ArrayList<>();
          for (int v = 0; v < vcpus; v++) {
            result.add(CpuMaps.cpus(maps, v * mapLen, mapLen));
          }
          return result;
        });
  }

  private Domain require(String name) {
    try {
      return conn.domainLookupByName(name);
    } catch (LibvirtException e) {
      throw new LoadlabException(hostName + ": no domain named " + name, 1);
    }
  }

  private interface LibvirtCall<T> {
    T call() throws LibvirtException;
  }

  private <T> T call(String what, LibvirtCall<T> c) {
    try {
      return c.call();
    } catch (LibvirtException e) {
      throw new LoadlabException(
          hostName + ": libvirt failed to " + what + " (" + e.getMessage().strip() + ")", 1, e);
    }
  }
}
