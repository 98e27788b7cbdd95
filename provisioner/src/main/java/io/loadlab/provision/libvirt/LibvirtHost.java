package io.loadlab.provision.libvirt;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.provision.testbed.HostFacts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.libvirt.Connect;
import org.libvirt.Device;
import org.libvirt.Domain;
import org.libvirt.DomainInfo;
import org.libvirt.ErrorCallback;
import org.libvirt.LibvirtException;
import org.libvirt.NodeInfo;
import org.libvirt.StoragePool;
import org.libvirt.StorageVol;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * One libvirt connection to a host (libvirt-java over JNA): reads the host's facts and defines,
 * starts, stops and removes guests and their cloned volumes. With libvirt's test driver ({@code
 * test:///...}) all state lives in this connection, so keep one per host for a whole session.
 */
public final class LibvirtHost implements AutoCloseable {
  // libvirt prints every error to stderr unless a callback is set; errors are reported as
  // exceptions instead. A static field keeps the JNA callback from being collected.
  private static final ErrorCallback QUIET = new ErrorCallback();
  private static volatile boolean quieted;

  private final String hostName;
  private final String uri;
  private final Connect conn;
  private String domainType;

  private LibvirtHost(String hostName, String uri, Connect conn) {
    this.hostName = hostName;
    this.uri = uri;
    this.conn = conn;
    this.domainType = uri.startsWith("test:") || uri.startsWith("test+") ? "test" : "kvm";
  }

  /** Opens a read-write connection; fails with exit 3 and the libvirt message if it cannot. */
  public static LibvirtHost open(String hostName, String uri) {
    try {
      if (!quieted) {
        Connect.setErrorCallback(QUIET);
        quieted = true;
      }
      return new LibvirtHost(hostName, uri, new Connect(uri, false));
    } catch (LibvirtException e) {
      throw new UnreachableTargetException(
          hostName + ": cannot connect to libvirt at " + uri + " (" + e.getMessage().strip() + ")",
          e);
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      throw new LoadlabException(
          hostName
              + ": the native libvirt library is missing ("
              + e.getMessage()
              + "); install it (Debian: apt-get install libvirt0)",
          2);
    }
  }

  /**
   * The libvirt domain type guests are defined with: {@code kvm}, {@code qemu} (emulation, TCG) or
   * {@code test} on the test driver.
   */
  public String domainType() {
    return domainType;
  }

  /** Defines guests as {@code type} from now on (see {@link Virtualization}). */
  void useDomainType(String type) {
    this.domainType = type;
  }

  /** The host's capabilities XML ({@code virsh capabilities}). */
  String capabilities() {
    return call("read capabilities", conn::getCapabilities);
  }

  /** The host's free memory in bytes, as libvirt reports it. */
  public long freeMemoryBytes() {
    return call("read free memory", conn::getFreeMemory);
  }

  /** The free memory of NUMA node {@code node} in bytes, as libvirt reports it. */
  public long freeMemoryBytes(int node) {
    return call("read free memory of NUMA node " + node, () -> conn.getCellsFreeMemory(node, 1));
  }

  public String uri() {
    return uri;
  }

  /**
   * CPUs, NUMA nodes, memory, bridges, SR-IOV functions and PCI devices as libvirt reports them.
   */
  public HostFacts facts() {
    return call(
        "read host facts",
        () -> {
          NodeInfo info = conn.nodeInfo();
          Map<Integer, List<Integer>> nodes = numaNodes(info);
          SortedSet<Integer> cpus = new TreeSet<>();
          nodes.values().forEach(cpus::addAll);
          return new HostFacts(
              cpus,
              nodes,
              info.memory * 1024L,
              hugepages(),
              bridges(),
              physicalFunctions(),
              new LinkedHashSet<>(Arrays.asList(conn.listDevices("pci"))));
        });
  }

  private Map<Integer, List<Integer>> numaNodes(NodeInfo info) throws LibvirtException {
    Map<Integer, List<Integer>> nodes = new TreeMap<>();
    Document caps = Xml.parse(conn.getCapabilities());
    for (Element cell : Xml.elements(caps, "/capabilities/host/topology/cells/cell")) {
      List<Integer> cpus = new ArrayList<>();
      for (Element cpu : Xml.elements(cell, "cpus/cpu")) {
        cpus.add(Integer.parseInt(cpu.getAttribute("id")));
      }
      nodes.put(Integer.parseInt(cell.getAttribute("id")), cpus);
    }
    if (nodes.isEmpty()) {
      // No topology (the test driver with a node file): split the CPUs evenly over the nodes.
      int count = Math.max(1, info.nodes);
      int per = info.cpus / count;
      for (int n = 0; n < count; n++) {
        List<Integer> cpus = new ArrayList<>();
        for (int c = n * per; c < (n + 1) * per; c++) {
          cpus.add(c);
        }
        nodes.put(n, cpus);
      }
    }
    return nodes;
  }

  /** Configured hugepages per size (KiB), summed over NUMA cells; 4 KiB base pages left out. */
  private Map<Long, Long> hugepages() throws LibvirtException {
    Map<Long, Long> pages = new TreeMap<>();
    Document caps = Xml.parse(conn.getCapabilities());
    for (Element p : Xml.elements(caps, "/capabilities/host/topology/cells/cell/pages")) {
      long size = Long.parseLong(p.getAttribute("size"));
      String count = p.getTextContent().trim();
      if (size > 4 && !count.isEmpty()) {
        pages.merge(size, Long.parseLong(count), Long::sum);
      }
    }
    return pages;
  }

  private Set<String> bridges() throws LibvirtException {
    Set<String> bridges = new LinkedHashSet<>();
    List<String> names = new ArrayList<>(Arrays.asList(conn.listInterfaces()));
    names.addAll(Arrays.asList(conn.listDefinedInterfaces()));
    for (String name : names) {
      String xml = conn.interfaceLookupByName(name).getXMLDescription(0);
      if ("bridge".equals(Xml.text(Xml.parse(xml), "/interface/@type"))) {
        bridges.add(name);
      }
    }
    return bridges;
  }

  private Map<String, HostFacts.PhysicalFunction> physicalFunctions() throws LibvirtException {
    Map<String, HostFacts.PhysicalFunction> pfs = new LinkedHashMap<>();
    for (String name : conn.listDevices("pci")) {
      Device dev = conn.deviceLookupByName(name);
      Document d = Xml.parse(dev.getXMLDescription());
      List<HostFacts.PciAddress> vfs = new ArrayList<>();
      for (Element a :
          Xml.elements(d, "/device/capability/capability[@type='virt_functions']/address")) {
        vfs.add(
            new HostFacts.PciAddress(
                Xml.number(a.getAttribute("domain")),
                Xml.number(a.getAttribute("bus")),
                Xml.number(a.getAttribute("slot")),
                Xml.number(a.getAttribute("function"))));
      }
      // An SR-IOV capable port without VFs yet still has the capability (with maxCount).
      if (!vfs.isEmpty()
          || !Xml.elements(d, "/device/capability/capability[@type='virt_functions']").isEmpty()) {
        String node = Xml.text(d, "/device/capability/numa/@node");
        pfs.put(
            name,
            new HostFacts.PhysicalFunction(
                name, vfs, node.isBlank() ? -1 : Integer.parseInt(node)));
      }
    }
    for (String name : conn.listDevices("net")) {
      Device dev = conn.deviceLookupByName(name);
      HostFacts.PhysicalFunction pf = pfs.get(dev.getParent());
      if (pf != null) {
        String iface = Xml.text(Xml.parse(dev.getXMLDescription()), "/device/capability/interface");
        if (!iface.isBlank()) {
          pfs.put(iface.strip(), pf);
        }
      }
    }
    return pfs;
  }

  /** The state of a domain, {@link GuestState#ABSENT} if none has that name. */
  public GuestState state(String name) {
    Domain d = lookup(name);
    if (d == null) {
      return GuestState.ABSENT;
    }
    return call(
        "read state of " + name,
        () -> {
          DomainInfo.DomainState s = d.getInfo().state;
          return switch (s) {
            case VIR_DOMAIN_RUNNING, VIR_DOMAIN_BLOCKED -> GuestState.RUNNING;
            case VIR_DOMAIN_PAUSED -> GuestState.PAUSED;
            case VIR_DOMAIN_SHUTOFF -> GuestState.SHUT_OFF;
            default -> GuestState.OTHER;
          };
        });
  }

  /** The persistent XML of a defined domain, or null. */
  public String xml(String name) {
    Domain d = lookup(name);
    return d == null ? null : call("read XML of " + name, () -> d.getXMLDesc(2 /* INACTIVE */));
  }

  /**
   * Defines (or redefines) a domain from XML. A domain of that name keeps its UUID: libvirt refuses
   * a second definition of a name under a new one.
   */
  public void define(String xml) {
    Domain existing = lookup(Xml.text(Xml.parse(xml), "/domain/name"));
    String withUuid =
        existing == null || xml.contains("<uuid>")
            ? xml
            : xml.replaceFirst(
                "</name>\n",
                "</name>\n  <uuid>" + call("read UUID", existing::getUUIDString) + "</uuid>\n");
    call("define domain", () -> conn.domainDefineXML(withUuid));
  }

  public void start(String name) {
    call("start " + name, () -> require(name).create());
  }

  /**
   * Asks the guest to shut down and waits up to {@code timeout}; destroys it (pulls the plug) if it
   * is still running then.
   *
   * @return true if it shut down gracefully, false if it had to be destroyed
   */
  public boolean stop(String name, Duration timeout) {
    Domain d = require(name);
    call("shut down " + name, d::shutdown);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (state(name) != GuestState.RUNNING) {
        return true;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (state(name) == GuestState.RUNNING || state(name) == GuestState.PAUSED) {
      call("destroy " + name, d::destroy);
      return false;
    }
    return true;
  }

  public void undefine(String name) {
    call("undefine " + name, () -> require(name).undefine());
  }

  /** The running domains' statistics (their host CPU time) and their live vCPU pinning. */
  public DomainStats stats() {
    return new DomainStats(hostName, conn);
  }

  /** The path of a volume, or null if the pool has no such volume. */
  public String volumePath(String pool, String volume) {
    StoragePool p = pool(pool);
    try {
      return p.storageVolLookupByName(volume).getPath();
    } catch (LibvirtException e) {
      return null;
    }
  }

  /** Clones {@code base} into a new volume {@code name} of the same pool; returns its path. */
  public String cloneVolume(String pool, String base, String name) {
    StoragePool p = pool(pool);
    return call(
        "clone volume " + base + " to " + name,
        () -> {
          StorageVol source = p.storageVolLookupByName(base);
          String xml =
              "<volume><name>"
                  + Xml.escape(name)
                  + "</name><capacity unit='bytes'>"
                  + source.getInfo().capacity
                  + "</capacity><target><format type='qcow2'/></target></volume>";
          return p.storageVolCreateXMLFrom(xml, source, 0).getPath();
        });
  }

  public void deleteVolume(String pool, String name) {
    call(
        "delete volume " + name,
        () -> {
          pool(pool).storageVolLookupByName(name).delete(0);
          return null;
        });
  }

  /** Names of every defined domain, running or not. */
  public List<String> domains() {
    return call(
        "list domains",
        () -> {
          List<String> names = new ArrayList<>(Arrays.asList(conn.listDefinedDomains()));
          for (int id : conn.listDomains()) {
            names.add(conn.domainLookupByID(id).getName());
          }
          return names;
        });
  }

  private StoragePool pool(String pool) {
    return call("find storage pool " + pool, () -> conn.storagePoolLookupByName(pool));
  }

  private Domain lookup(String name) {
    try {
      return conn.domainLookupByName(name);
    } catch (LibvirtException e) {
      return null;
    }
  }

  private Domain require(String name) {
    Domain d = lookup(name);
    if (d == null) {
      throw new LoadlabException(hostName + ": no domain named " + name, 1);
    }
    return d;
  }

  @Override
  public void close() {
    try {
      conn.close();
    } catch (LibvirtException ignored) {
      // closing anyway
    }
  }

  private interface LibvirtCall<T> {
    T call() throws LibvirtException;
  }

  private interface LibvirtVoid {
    void call() throws LibvirtException;
  }

  private <T> T call(String what, LibvirtCall<T> c) {
    try {
      return c.call();
    } catch (LibvirtException e) {
      throw new LoadlabException(
          hostName + ": libvirt failed to " + what + " (" + e.getMessage().strip() + ")", 1, e);
    }
  }

  private void call(String what, LibvirtVoid c) {
    call(
        what,
        () -> {
          c.call();
          return null;
        });
  }
}
