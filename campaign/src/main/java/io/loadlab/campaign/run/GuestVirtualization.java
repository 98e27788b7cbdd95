package io.loadlab.campaign.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.GuestsRan;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.StepFiles;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Workloads;
import io.loadlab.provision.libvirt.DomainStats;
import io.loadlab.provision.plan.GuestDomains;
import io.loadlab.provision.plan.TestbedDescription;
import io.loadlab.provision.ssh.SshShell;
import io.loadlab.provision.testbed.Testbed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a configuration's guests actually ran, recorded once they are up: KVM or QEMU's emulation
 * (TCG) and the guest CPU model, per guest, from libvirt's live domain (the provisioner's choice
 * for {@code virtualization: auto|kvm|tcg} as it took effect) or, where libvirt does not answer,
 * from the guest's kernel command line ({@code loadlab.virt=}) and {@code /proc/cpuinfo}. It goes
 * into campaign.json ({@code virtualization}, {@link GuestsRan}) for the reports, and into {@code
 * configurations/<name>.testbed.json}, which every run of the configuration is given as {@code
 * --testbed} so that its result.json's {@code testbed} section says it too.
 */
final class GuestVirtualization {
  /** The suffix of the description each run of a configuration gets as {@code --testbed}. */
  static final String TESTBED_JSON = ".testbed.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private GuestVirtualization() {}

  /**
   * Records how {@code t}'s guests ran in {@code manifest} and writes the configuration's {@code
   * --testbed} description into {@code logDir}.
   *
   * @param facts each guest's facts as read inside it ({@code cmdline}, {@code cpuModelName}, …)
   * @param domains the testbed's libvirt domains, or null where libvirt did not answer
   */
  static GuestsRan record(
      Campaign.Configuration c,
      Testbed t,
      Map<String, Map<String, Object>> facts,
      GuestDomains domains,
      Path logDir,
      Manifest manifest)
      throws IOException {
    GuestsRan ran = of(t, facts, domains);
    if (manifest.virtualization == null) {
      manifest.virtualization = new LinkedHashMap<>();
    }
    manifest.virtualization.put(c.name(), ran);
    Files.createDirectories(logDir);
    JSON.writeValue(logDir.resolve(c.name() + TESTBED_JSON).toFile(), description(c, t, ran));
    return ran;
  }

  /** How each guest ran, and all of them together. */
  static GuestsRan of(Testbed t, Map<String, Map<String, Object>> facts, GuestDomains domains) {
    GuestsRan ran = new GuestsRan();
    Set<String> types = new LinkedHashSet<>();
    Set<String> models = new LinkedHashSet<>();
    for (String guest : t.guests().keySet()) {
      Map<String, Object> f = facts.getOrDefault(guest, Map.of());
      Map<String, String> g = new LinkedHashMap<>();
      DomainStats.DomainVirtualization live = live(domains, guest);
      String type = live != null ? live.type() : String.valueOf(f.get("virtualization"));
      g.put("type", type == null || "null".equals(type) ? "unknown" : type);
      if (live != null && live.cpuModel() != null) {
        g.put("cpuModel", live.cpuModel());
      }
      Object name = f.get("cpuModelName");
      if (name != null && !String.valueOf(name).isBlank()) {
        g.put("cpuModelName", String.valueOf(name).strip());
      }
      String model = g.getOrDefault("cpuModel", g.get("cpuModelName"));
      if (model != null) {
        models.add(model);
      }
      types.add(g.get("type"));
      ran.guests.put(guest, g);
    }
    types.remove("unknown");
    ran.type =
        types.isEmpty()
            ? "unknown"
            : types.size() == 1
                ? types.iterator().next()
                : types.equals(Set.of("kvm", "tcg")) ? "mixed" : String.join(",", types);
    ran.cpuModel = models.isEmpty() ? null : String.join(", ", models);
    return ran;
  }

  private static DomainStats.DomainVirtualization live(GuestDomains domains, String guest) {
    if (domains == null || !domains.guests().contains(guest)) {
      return null;
    }
    try {
      return domains.virtualization(guest);
    } catch (RuntimeException e) {
      return null; // its domain is gone or libvirt did not answer: the guest's own word stands
    }
  }

  /**
   * The testbed section each run records: the testbed, how each host's guests ran ({@code
   * virtualization}, host to {@code kvm|tcg}, as {@code provision status --describe} has it), the
   * guests' CPU model, and per guest its host, {@code virtualization}, {@code cpuModel} and {@code
   * cpuModelName}.
   */
  static Map<String, Object> description(Campaign.Configuration c, Testbed t, GuestsRan ran) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("name", t.name());
    d.put("mode", TestbedDescription.mode(t));
    d.put("configuration", c.name());
    Map<String, String> hosts = new LinkedHashMap<>();
    Map<String, Object> guests = new LinkedHashMap<>();
    ran.guests.forEach(
        (name, g) -> {
          String host = t.guests().get(name).host();
          hosts.merge(host, g.get("type"), (a, b) -> a.equals(b) ? a : "mixed");
          Map<String, Object> one = new LinkedHashMap<>();
          one.put("host", host);
          one.put("virtualization", g.get("type"));
          g.forEach((k, v) -> one.putIfAbsent(k.equals("type") ? "virtualization" : k, v));
          guests.put(name, one);
        });
    d.put("virtualization", hosts);
    if (ran.cpuModel != null) {
      d.put("cpuModel", ran.cpuModel);
    }
    d.put("guests", guests);
    return d;
  }

  /**
   * The arguments that give a run of {@code c} its testbed description ({@code --testbed FILE}), or
   * none: the configuration has none recorded, the step names a testbed of its own, or its command
   * records none (it has no {@code --testbed}).
   *
   * @param args the run's command words, then its options
   */
  static List<String> testbedArgs(Path campaignDir, Campaign.Configuration c, List<String> args) {
    Path file = campaignDir.resolve("configurations").resolve(c.name() + TESTBED_JSON);
    if (args.contains("--testbed") || !Files.isRegularFile(file)) {
      return List.of();
    }
    List<String> words = args.stream().takeWhile(a -> !a.startsWith("-")).toList();
    OptionTable options = Workloads.installed().optionsOf(String.join(" ", words));
    if (options == null || options.get("testbed") == null) {
      return List.of();
    }
    return List.of("--testbed", file.toAbsolutePath().toString());
  }

  /**
   * For a run on {@code sh}'s machine: the arguments with the campaign's own testbed description
   * ({@link #testbedArgs}) copied there and named by its copy (a step's own stays as written).
   */
  static List<String> copyTestbed(
      List<String> args, SshShell sh, String remoteDir, List<String> copied) {
    List<String> out = new ArrayList<>(args);
    int at = out.indexOf("--testbed");
    if (at < 0 || at + 1 >= out.size()) {
      return out;
    }
    Path local = Path.of(out.get(at + 1));
    if (local.isAbsolute()
        && local.getFileName().toString().endsWith(TESTBED_JSON)
        && Files.isRegularFile(local)) {
      out.set(at + 1, StepFiles.copy(sh, local, remoteDir, copied));
    }
    return out;
  }
}
