package io.loadlab.provision.libvirt;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.HostFacts;
import io.loadlab.provision.testbed.Pinnings;
import io.loadlab.provision.testbed.TestbedValidator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plans one guest: clone its volume, define its domain (or redefine it if it differs), pin running
 * vCPUs that drifted, start it. Compares with the live state first, so a second apply plans
 * nothing.
 */
public final class GuestPlanner {
  private final String testbedName;
  private final Duration shutdownTimeout;
  private final StartHooks hooks;
  private final io.loadlab.provision.testbed.GuestNames names;
  private final Map<String, io.loadlab.provision.testbed.Host> hosts;

  /** What runs around a guest's start (a host-root guest's initramfs and host key). */
  public interface StartHooks {
    /** Before the domain starts. */
    void before(String name, Guest g);

    /** Once it started: e.g. waits for its host key. */
    void after(String name, Guest g) throws InterruptedException;

    /**
     * For a guest found running: false if what {@link #after} does for a start is not done for the
     * boot it runs (an apply killed in between, e.g. before it learned the guest's SSH host key);
     * such a guest is powered off and started again, never reached as it is.
     */
    default boolean finished(String name, Guest g) {
      return true;
    }

    /** No hooks. */
    StartHooks NONE =
        new StartHooks() {
          @Override
          public void before(String name, Guest g) {}

          @Override
          public void after(String name, Guest g) {}
        };
  }

  public GuestPlanner(String testbedName, Duration shutdownTimeout) {
    this(testbedName, shutdownTimeout, StartHooks.NONE);
  }

  public GuestPlanner(String testbedName, Duration shutdownTimeout, StartHooks hooks) {
    this(
        testbedName,
        shutdownTimeout,
        hooks,
        io.loadlab.provision.testbed.GuestNames.AS_WRITTEN,
        Map.of());
  }

  /**
   * @param names the domains', volumes' and lab interfaces' names on the hosts
   * @param hosts the testbed's hosts (which interfaces the testbed makes on each)
   */
  public GuestPlanner(
      String testbedName,
      Duration shutdownTimeout,
      StartHooks hooks,
      io.loadlab.provision.testbed.GuestNames names,
      Map<String, io.loadlab.provision.testbed.Host> hosts) {
    this.testbedName = testbedName;
    this.shutdownTimeout = shutdownTimeout;
    this.hooks = hooks;
    this.names = names;
    this.hosts = hosts;
  }

  /**
   * Adds the guest's changes to {@code plan}.
   *
   * @param pins the host CPU per vCPU, or null for no pinning
   * @param pageKiB the host's hugepage size in KiB
   */
  public void plan(
      Plan plan,
      LibvirtHost host,
      HostFacts facts,
      String name,
      Guest g,
      List<Integer> pins,
      long pageKiB) {
    String clone = names.volume(name);
    String domain = names.domain(name);
    String existingDisk = g.sharesHostRoot() ? "" : host.volumePath(g.pool(), clone);
    if (g.sharesHostRoot()) {
      // no volume: the guest runs the host's root filesystem
    } else if (existingDisk == null) {
      plan.change(
          name,
          "clone volume " + g.baseVolume() + " to " + clone + " in pool " + g.pool(),
          () -> {
            host.cloneVolume(g.pool(), g.baseVolume(), clone);
            return new Undo(
                "volume", name, Map.of("pool", g.pool(), "volume", clone, "host", g.host()));
          });
    } else {
      plan.unchanged(name, "volume " + clone + " exists");
    }
    List<Integer> pinList = pins == null ? List.of() : pins;
    int node = pinList.isEmpty() ? -1 : Pinnings.nodeOf(pinList, facts);
    if ("sriov".equals(g.network().mode()) && node >= 0) {
      HostFacts.PhysicalFunction pf = facts.physicalFunctions().get(g.network().pf());
      if (pf != null && pf.numaNode() >= 0 && pf.numaNode() != node) {
        plan.warn(
            name,
            "pinned to NUMA node "
                + node
                + " but "
                + g.network().pf()
                + " is on node "
                + pf.numaNode()
                + "; every packet crosses the interconnect (pin to node "
                + pf.numaNode()
                + " for the lowest latency)");
      }
    }
    Guest.Network n = g.network();
    if (n.mtu() != null && ("sriov".equals(n.mode()) || "pci".equals(n.mode()))) {
      plan.manual(
          name,
          "set the MTU of its "
              + ("pci".equals(n.mode()) ? "assigned NIC" : "VF")
              + " to "
              + n.mtu()
              + " in the guest's OS (ip link set dev <interface> mtu "
              + n.mtu()
              + ", and in its network configuration): libvirt cannot set it on an assigned"
              + " device");
    }
    DomainSpecTemplate template =
        new DomainSpecTemplate(name, host, g, pinList, node, facts, pageKiB);
    GuestState state = host.state(domain);
    String summary = template.describe();
    if (state == GuestState.ABSENT) {
      plan.change(
          name,
          "define domain (" + summary + ")",
          () -> {
            host.define(DomainXml.of(template.spec(disk(host, g, clone))));
            return new Undo("domain", name, Map.of("host", g.host(), "domain", domain));
          });
    } else {
      DomainXml.Summary live = DomainXml.read(host.xml(domain));
      List<String> diffs;
      if (template.vfExists()) {
        DomainXml.Summary wanted =
            DomainXml.read(DomainXml.of(template.spec(existingDisk == null ? "" : existingDisk)));
        diffs = differences(live, wanted);
      } else {
        diffs = List.of("VF " + n.vf() + " of " + n.pf() + " (created by this apply)");
      }
      if (diffs.isEmpty()) {
        plan.unchanged(name, "domain defined (" + summary + ")");
      } else {
        plan.change(
            name,
            "redefine domain: "
                + String.join(", ", diffs)
                + (state == GuestState.RUNNING ? " (takes effect at next boot)" : ""),
            () -> {
              host.define(DomainXml.of(template.spec(disk(host, g, clone))));
              return null;
            });
      }
      if (state == GuestState.RUNNING && !pinList.isEmpty()) {
        List<List<Integer>> livePins = host.stats().livePinning(domain);
        List<String> drift = new ArrayList<>();
        for (int v = 0; v < Math.min(livePins.size(), pinList.size()); v++) {
          if (!livePins.get(v).equals(List.of(pinList.get(v)))) {
            drift.add("vCPU " + v + " " + livePins.get(v) + "->" + pinList.get(v));
          }
        }
        if (!drift.isEmpty()) {
          plan.change(
              name,
              "pin running vCPUs: " + String.join(", ", drift),
              () -> {
                for (int v = 0; v < pinList.size(); v++) {
                  host.stats().pin(domain, v, pinList.get(v));
                }
                return null;
              });
        }
      }
    }
    boolean unfinished = state == GuestState.RUNNING && !hooks.finished(name, g);
    if (state != GuestState.RUNNING || unfinished) {
      String start =
          g.sharesHostRoot()
              ? "start, and learn its SSH host key from its console ("
                  + ("qemu".equals(host.domainType()) ? "emulated, TCG" : host.domainType())
                  + ")"
              : "start";
      plan.change(
          name,
          unfinished
              ? "power off (left running by an apply stopped before its start finished: its SSH"
                  + " host key not learned), "
                  + start
              : start,
          () -> {
            if (unfinished) {
              host.stop(domain, Duration.ZERO);
            }
            hooks.before(name, g);
            host.start(domain);
            Undo started =
                new Undo(
                    "started",
                    name,
                    g.sharesHostRoot()
                        ? Map.of("host", g.host(), "stop", "destroy", "domain", domain)
                        : Map.of("host", g.host(), "domain", domain));
            try {
              hooks.after(name, g);
            } catch (RuntimeException | InterruptedException e) {
              // Not up: stop it now, or the failed apply would leave it running unrecorded.
              host.stop(domain, Duration.ZERO);
              if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
              }
              throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
            }
            return started;
          });
    } else {
      plan.unchanged(name, "running");
    }
  }

  /** Teardown of what {@link #plan} recorded. */
  public Action undo(LibvirtHost host, Undo u) {
    // Recorded before unique names: the domain is named as the guest.
    String domain = u.get("domain") != null ? u.get("domain") : u.machine();
    return switch (u.kind()) {
      case "started" ->
          new Action(
              u.machine(),
              "destroy".equals(u.get("stop"))
                  ? "power off (nothing in it to keep)"
                  : "shut down (destroy after " + shutdownTimeout.toSeconds() + "s)",
              () -> {
                if (host.state(domain) == GuestState.RUNNING) {
                  Duration wait = "destroy".equals(u.get("stop")) ? Duration.ZERO : shutdownTimeout;
                  if (!host.stop(domain, wait)) {
                    return null; // destroyed; logged as ok with the description saying so
                  }
                }
                return null;
              });
      case "domain" ->
          new Action(
              u.machine(),
              "undefine domain",
              () -> {
                if (host.state(domain) != GuestState.ABSENT) {
                  host.undefine(domain);
                }
                return null;
              });
      case "volume" ->
          new Action(
              u.machine(),
              "delete volume " + u.get("volume") + " from pool " + u.get("pool"),
              () -> {
                if (host.volumePath(u.get("pool"), u.get("volume")) != null) {
                  host.deleteVolume(u.get("pool"), u.get("volume"));
                }
                return null;
              });
      default -> null;
    };
  }

  private static String disk(LibvirtHost host, Guest g, String clone) {
    return g.sharesHostRoot() ? "" : host.volumePath(g.pool(), clone);
  }

  private static List<String> differences(DomainXml.Summary live, DomainXml.Summary wanted) {
    List<String> d = new ArrayList<>();
    if (live.vcpus() != wanted.vcpus()) {
      d.add("vCPUs " + live.vcpus() + "->" + wanted.vcpus());
    }
    if (live.memoryKiB() != wanted.memoryKiB()) {
      d.add("memory " + live.memoryKiB() + "->" + wanted.memoryKiB() + " KiB");
    }
    if (live.hugepageKiB() != wanted.hugepageKiB()) {
      d.add("hugepages " + live.hugepageKiB() + "->" + wanted.hugepageKiB() + " KiB");
    }
    if (!live.pins().equals(wanted.pins())) {
      d.add("pinning " + live.pins() + "->" + wanted.pins());
    }
    if (!live.network().equals(wanted.network())) {
      d.add("network " + live.network() + "->" + wanted.network());
    }
    if (!live.emulatorPin().equals(wanted.emulatorPin())) {
      d.add(
          "emulator pinning "
              + (live.emulatorPin().isEmpty() ? "none" : live.emulatorPin())
              + "->"
              + (wanted.emulatorPin().isEmpty() ? "none" : wanted.emulatorPin()));
    }
    if (!live.boot().equals(wanted.boot())) {
      d.add("boot " + live.boot() + "->" + wanted.boot());
    }
    return d;
  }

  /** Builds the domain spec once the disk path is known. */
  private final class DomainSpecTemplate {
    private final String name;
    private final LibvirtHost host;
    private final Guest g;
    private final List<Integer> pins;
    private final int node;
    private HostFacts facts;
    private final long pageKiB;

    DomainSpecTemplate(
        String name,
        LibvirtHost host,
        Guest g,
        List<Integer> pins,
        int node,
        HostFacts facts,
        long pageKiB) {
      this.name = name;
      this.host = host;
      this.g = g;
      this.pins = pins;
      this.node = node;
      this.facts = facts;
      this.pageKiB = pageKiB;
    }

    /** False for an SR-IOV guest whose VF the host does not have yet (tuning.sriov makes it). */
    boolean vfExists() {
      for (Guest.Network n : g.nics()) {
        if ("sriov".equals(n.mode())) {
          HostFacts.PhysicalFunction pf = facts.physicalFunctions().get(n.pf());
          if (pf == null || n.vf() >= pf.vfAddresses().size()) {
            return false;
          }
        }
      }
      return true;
    }

    DomainSpec spec(String disk) {
      if (!vfExists()) {
        facts = host.facts(); // the host tuning of this apply may have created the VFs
      }
      io.loadlab.provision.testbed.Host h = hosts.get(g.host());
      List<DomainSpec.Nic> nics = new ArrayList<>();
      for (int i = 0; i < g.nics().size(); i++) {
        Guest.Network n = g.nics().get(i);
        String mac = DomainXml.mac(testbedName, name, i);
        int mtu = n.mtu() == null ? 0 : n.mtu();
        switch (n.mode()) {
          case "bridge" ->
              nics.add(DomainSpec.Nic.bridge(names.hostInterface(h, n.bridge()), mac, mtu));
          case "direct" ->
              nics.add(
                  DomainSpec.Nic.direct(
                      names.hostInterface(h, n.source()), n.sourceModeOrDefault(), mac, mtu));
          case "sriov" -> nics.add(DomainSpec.Nic.vf(vf(n), mac));
          case "pci" -> nics.add(DomainSpec.Nic.pci(HostFacts.PciAddress.parse(n.device())));
          default -> {
            // none: no NIC
          }
        }
      }
      String emulator = g.pinning() == null ? null : g.pinning().emulator();
      return new DomainSpec(
          domain(),
          host.domainType(),
          g.vcpus(),
          TestbedValidator.memoryBytes(g) / 1024,
          g.useHugepages() ? pageKiB : 0,
          pins,
          node,
          disk == null ? "" : disk,
          nics,
          g.boot(),
          g.sharesHostRoot(),
          emulator == null ? null : emulator.strip());
    }

    private String domain() {
      return names.domain(name);
    }

    private HostFacts.PciAddress vf(Guest.Network n) {
      HostFacts.PhysicalFunction pf = facts.physicalFunctions().get(n.pf());
      if (pf == null || n.vf() >= pf.vfAddresses().size()) {
        throw new io.loadlab.core.failure.LoadlabException(
            name
                + ": "
                + n.pf()
                + " has no VF "
                + n.vf()
                + " on the host; create it (hosts.<host>.tuning.sriov) before the guest",
            1);
      }
      return pf.vfAddresses().get(n.vf());
    }

    String describe() {
      List<String> nets = new ArrayList<>();
      io.loadlab.provision.testbed.Host h = hosts.get(g.host());
      for (Guest.Network n : g.nics()) {
        String net =
            switch (n.mode()) {
              case "bridge" -> "virtio on " + names.hostInterface(h, n.bridge());
              case "direct" ->
                  "virtio on macvtap of "
                      + names.hostInterface(h, n.source())
                      + " ("
                      + n.sourceModeOrDefault()
                      + " mode)";
              case "sriov" -> "VF " + n.vf() + " of " + n.pf();
              case "pci" -> "PCI device " + n.device() + " assigned whole";
              default -> "no NIC";
            };
        if (n.mtu() != null) {
          net += ", MTU " + n.mtu();
        }
        if (n.name() != null) {
          net = n.name() + ": " + net;
        }
        if (n.address() != null) {
          net += " at " + n.address();
        }
        nets.add(net);
      }
      String emulator = g.pinning() == null ? null : g.pinning().emulator();
      return (names.unique() ? "as " + domain() + ", " : "")
          + g.vcpus()
          + " vCPUs, "
          + (g.sharesHostRoot() ? "the host's root shared read-only, " : "")
          + g.memory()
          + (g.useHugepages() ? " on " + pageKiB + " KiB hugepages" : "")
          + (pins.isEmpty()
              ? ""
              : ", pinned to " + pins + (node >= 0 ? " (node " + node + ")" : ""))
          + (emulator == null ? "" : ", emulator and vhost threads on CPUs " + emulator.strip())
          + ", "
          + (nets.isEmpty() ? "no NIC" : String.join("; ", nets));
    }
  }
}
