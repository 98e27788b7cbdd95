package io.loadlab.provision.guestboot;

import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The initramfs of a host-root guest, built from the host's own packages: busybox-static, the
 * kernel's virtio, virtio-net and 9p modules (from {@code /lib/modules/<version>}, in the order
 * {@code modules.dep} requires) and loadlab's {@code /init} ({@code init.sh} beside this class).
 */
public final class HostRootInitramfs {
  /** The modules the guest loads, with what they need before them. */
  static final List<String> MODULES = List.of("virtio_pci", "virtio_net", "9pnet_virtio", "9p");

  private final Path boot;
  private final Path modules;
  private final Path busybox;

  /** Reads kernels from /boot, modules from /lib/modules and busybox from /bin/busybox. */
  public HostRootInitramfs() {
    this(Path.of("/boot"), Path.of("/lib/modules"), Path.of("/bin/busybox"));
  }

  HostRootInitramfs(Path boot, Path modules, Path busybox) {
    this.boot = boot;
    this.modules = modules;
    this.busybox = busybox;
  }

  /** The kernel version of {@code vmlinuz-<version>} (a symlink is followed). */
  public static String version(Path kernel) {
    Path real = kernel;
    try {
      real = kernel.toRealPath();
    } catch (IOException e) {
      // the name as given
    }
    String n = real.getFileName().toString();
    return n.startsWith("vmlinuz-") ? n.substring("vmlinuz-".length()) : n;
  }

  /** The newest {@code vmlinuz-*} whose modules include 9p, or null if none has. */
  public Path defaultKernel() {
    if (!Files.isDirectory(boot)) {
      return null;
    }
    try (Stream<Path> files = Files.list(boot)) {
      return files
          .filter(f -> f.getFileName().toString().startsWith("vmlinuz-"))
          .filter(f -> problem(f) == null)
          .max(Comparator.comparing(f -> f.getFileName().toString()))
          .orElse(null);
    } catch (IOException e) {
      return null;
    }
  }

  /** Why a guest cannot boot {@code kernel} with its host's root, or null if it can. */
  public String problem(Path kernel) {
    if (!Files.isReadable(kernel)) {
      return kernel + " cannot be read; install a kernel (Debian: linux-image-amd64)";
    }
    Path dep = modules.resolve(version(kernel)).resolve("modules.dep");
    if (!Files.isReadable(dep)) {
      return "no " + dep + " for " + kernel + "; install the kernel's package (its modules)";
    }
    try {
      Map<String, List<String>> deps = readDeps(dep);
      if (!deps.containsKey("9p") || !deps.containsKey("9pnet_virtio")) {
        return kernel
            + " has no 9p modules (a cloud kernel?); install Debian's generic kernel,"
            + " linux-image-amd64";
      }
    } catch (IOException e) {
      return dep + " cannot be read (" + e.getMessage() + ")";
    }
    if (!isStatic(busybox)) {
      return "no static " + busybox + " for the guest's initramfs; install busybox-static";
    }
    return null;
  }

  /** Writes the initramfs for {@code kernel} to {@code out} (gzip-compressed cpio). */
  public void write(Path kernel, Path out) throws IOException {
    try (InputStream init = HostRootInitramfs.class.getResourceAsStream("init.sh")) {
      write(kernel, out, init.readAllBytes());
    }
  }

  /**
   * Writes an initramfs for {@code kernel} with another {@code /init} (e.g. a test's), beside the
   * same busybox and modules ({@code /modules.order} lists them in load order).
   */
  public void write(Path kernel, Path out, byte[] initScript) throws IOException {
    String problem = problem(kernel);
    if (problem != null) {
      throw new UsageException(problem);
    }
    Path dir = modules.resolve(version(kernel));
    Map<String, List<String>> deps = readDeps(dir.resolve("modules.dep"));
    Map<String, String> paths = new HashMap<>();
    for (String line : Files.readAllLines(dir.resolve("modules.dep"), StandardCharsets.UTF_8)) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        paths.put(name(line.substring(0, colon)), line.substring(0, colon));
      }
    }
    Set<String> order = new LinkedHashSet<>();
    for (String m : MODULES) {
      load(m, deps, order);
    }
    Initramfs ir =
        new Initramfs()
            .dir("bin")
            .dir("dev")
            .dir("proc")
            .dir("sys")
            .dir("host")
            .dir("lib")
            .dir("lib/modules")
            .executable("bin/busybox", Files.readAllBytes(busybox));
    List<String> files = new ArrayList<>();
    for (String m : order) {
      String file = Path.of(paths.get(m)).getFileName().toString();
      ir.file("lib/modules/" + file, Files.readAllBytes(dir.resolve(paths.get(m))));
      files.add(file);
    }
    ir.file("modules.order", (String.join("\n", files) + "\n").getBytes(StandardCharsets.UTF_8));
    ir.executable("init", initScript);
    Files.createDirectories(out.toAbsolutePath().getParent());
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    ir.write(tmp);
    Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /** modprobe's order: a module's dependencies (listed last-loaded-first) before it. */
  private static void load(String m, Map<String, List<String>> deps, Set<String> order) {
    if (order.contains(m)) {
      return;
    }
    List<String> d = deps.getOrDefault(m, List.of());
    for (int i = d.size() - 1; i >= 0; i--) {
      load(d.get(i), deps, order);
    }
    order.add(m);
  }

  private static Map<String, List<String>> readDeps(Path dep) throws IOException {
    Map<String, List<String>> deps = new HashMap<>();
    for (String line : Files.readAllLines(dep, StandardCharsets.UTF_8)) {
      int colon = line.indexOf(':');
      if (colon <= 0) {
        continue;
      }
      List<String> d = new ArrayList<>();
      for (String p : line.substring(colon + 1).trim().split("\\s+")) {
        if (!p.isEmpty()) {
          d.add(name(p));
        }
      }
      deps.put(name(line.substring(0, colon)), d);
    }
    return deps;
  }

  /** {@code kernel/fs/9p/9p.ko} is {@code 9p}. */
  private static String name(String path) {
    String f = Path.of(path).getFileName().toString();
    int ko = f.indexOf(".ko");
    return ko < 0 ? f : f.substring(0, ko);
  }

  /** A static executable has no program interpreter (ld-linux) named near its start. */
  static boolean isStatic(Path exe) {
    if (!Files.isRegularFile(exe)) {
      return false;
    }
    byte[] head = new byte[4096];
    int n;
    try (InputStream in = Files.newInputStream(exe)) {
      n = in.readNBytes(head, 0, head.length);
    } catch (IOException e) {
      return false;
    }
    return !new String(head, 0, n, StandardCharsets.ISO_8859_1).contains("ld-linux");
  }
}
