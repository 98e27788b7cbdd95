package io.loadlab.campaign.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.provision.plan.GuestDomains;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a testbed configuration with guests leaves beside its runs: the machines as seen from inside
 * each guest ({@code configurations/<name>.machines.json}: vCPUs, memory, kernel, MTU, kernel
 * command line, virtualization {@code kvm|tcg}), and how long each phase took ({@code
 * configurations/<name>.phases.json}, and in campaign.json for the report and later plans: apply,
 * boot to SSH, install, services ready, runs, teardown), the first four from the provisioner's
 * action log of that apply; the phases for every testbed configuration, guests or not.
 */
final class GuestLabRecords {
  /** Read in each guest; one {@code key=value} per line. */
  static final String FACTS =
      "echo vcpus=$(nproc); awk '/MemTotal/{print \"memoryKiB=\" $2}' /proc/meminfo;"
          + " echo kernel=$(uname -r); echo cmdline=$(cat /proc/cmdline);"
          + " for n in /sys/class/net/eth*; do echo mtu.${n##*/}=$(cat $n/mtu); done;"
          + " echo cpuModelName=$(awk -F': ' '/^model name/{print $2; exit}' /proc/cpuinfo)";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private GuestLabRecords() {}

  /** True if the configuration's testbed has guests (the only ones this records). */
  static boolean applies(Campaign.Configuration c) {
    return c.kind() == Campaign.Kind.TESTBED && !TestbedFile.read(c.file()).guests().isEmpty();
  }

  /**
   * Reads the facts inside each guest over {@code machines} and writes them; records how the guests
   * ran in {@code manifest} and for the runs ({@link GuestVirtualization}).
   */
  static void machines(
      Campaign.Configuration c, Path logDir, TestbedMachines machines, Manifest manifest)
      throws IOException {
    Testbed t = TestbedFile.read(c.file());
    Map<String, Map<String, Object>> all = new LinkedHashMap<>();
    for (String guest : t.guests().keySet()) {
      Map<String, Object> facts = new LinkedHashMap<>();
      try {
        CommandResult r = machines.shell(guest).run(FACTS);
        r.stdout()
            .lines()
            .filter(l -> l.indexOf('=') > 0)
            .forEach(
                l -> facts.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        String cmdline = String.valueOf(facts.getOrDefault("cmdline", ""));
        facts.put("virtualization", virtualization(cmdline));
      } catch (RuntimeException e) {
        facts.put("error", e.getMessage());
      }
      all.put(guest, facts);
    }
    Files.createDirectories(logDir);
    JSON.writeValue(logDir.resolve(c.name() + ".machines.json").toFile(), all);
    GuestDomains domains;
    try {
      domains = machines.guestDomains();
    } catch (RuntimeException e) {
      domains = null; // libvirt did not answer: the guests' own word stands
    }
    GuestVirtualization.record(c, t, all, domains, logDir, manifest);
  }

  /**
   * Once a testbed configuration is up (its services ready, now): records its phases so far in
   * {@code took} (kept if the campaign is killed before its teardown), and with guests, their facts
   * and how they ran ({@link #machines}).
   */
  static void up(
      Campaign.Configuration c,
      Path logDir,
      TestbedMachines machines,
      Manifest manifest,
      Manifest.ConfigurationTime took,
      Instant upStart)
      throws IOException {
    Instant upEnd = Instant.now();
    Map<String, Double> p = phases(c, logDir, upStart, upEnd, upEnd, upEnd);
    p.remove("runs");
    p.remove("teardown");
    JSON.writeValue(logDir.resolve(c.name() + ".phases.json").toFile(), p);
    took.phases = p;
    if (applies(c)) {
      machines(c, logDir, machines, manifest);
    }
  }

  /** {@code kvm} or {@code tcg} from loadlab's {@code loadlab.virt=}, else {@code unknown}. */
  static String virtualization(String cmdline) {
    for (String w : cmdline.split("\\s+")) {
      if (w.startsWith("loadlab.virt=")) {
        return w.substring("loadlab.virt=".length());
      }
    }
    return "unknown";
  }

  /**
   * Writes the phases of one bring-up, runs and bring-down, and returns them (seconds, in order).
   *
   * @param upStart when {@code provision apply} started
   * @param upEnd when the configuration was up (its services ready)
   * @param downStart when its runs ended
   * @param downEnd when {@code provision teardown} ended
   */
  static Map<String, Double> phases(
      Campaign.Configuration c,
      Path logDir,
      Instant upStart,
      Instant upEnd,
      Instant downStart,
      Instant downEnd)
      throws IOException {
    Map<String, Double> p = new LinkedHashMap<>();
    p.put("apply", 0.0);
    p.put("bootToSsh", 0.0);
    p.put("install", 0.0);
    p.put("servicesReady", 0.0);
    Path log = c.file().toAbsolutePath().resolveSibling(c.file().getFileName() + ".actions.log");
    Instant last = upStart;
    if (Files.isReadable(log)) {
      for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
        String[] w = line.split(" ", 5);
        if (w.length < 5 || !"apply".equals(w[1])) {
          continue;
        }
        Instant at;
        try {
          at = Instant.parse(w[0]);
        } catch (RuntimeException e) {
          continue;
        }
        if (at.isBefore(upStart) || at.isAfter(upEnd)) {
          continue;
        }
        double seconds = (at.toEpochMilli() - last.toEpochMilli()) / 1000.0;
        last = at;
        p.merge(phase(w[4]), seconds, Double::sum);
      }
    }
    // The rest of the bring-up: the provisioner's JVM, its checks, the campaign's services.
    double up = (upEnd.toEpochMilli() - upStart.toEpochMilli()) / 1000.0;
    double logged = p.values().stream().mapToDouble(Double::doubleValue).sum();
    p.merge("apply", Math.max(0, up - logged), Double::sum);
    p.put("runs", (downStart.toEpochMilli() - upEnd.toEpochMilli()) / 1000.0);
    p.put("teardown", (downEnd.toEpochMilli() - downStart.toEpochMilli()) / 1000.0);
    p.replaceAll((k, v) -> Math.round(v * 10) / 10.0);
    Files.createDirectories(logDir);
    JSON.writeValue(logDir.resolve(c.name() + ".phases.json").toFile(), p);
    return p;
  }

  /** The phase of one logged action ({@code <action> (<detail>)}, after the machine). */
  static String phase(String action) {
    if (action.startsWith("start, and learn") || action.equals("start")) {
      return "bootToSsh";
    }
    if (action.startsWith("install ")) {
      return "install";
    }
    if (action.startsWith("start ")) {
      return "servicesReady";
    }
    return "apply";
  }
}
