package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.StepValidator;
import io.loadlab.provision.libvirt.DomainStats;
import io.loadlab.provision.plan.GuestDomains;
import io.loadlab.provision.ssh.SshShell;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU time of a testbed's guests around one run, split as the z/VM reports split it: each
 * guest's own busy time, read inside it ({@code /proc/stat} every 250 ms, over the campaign's SSH
 * connection to it: the z/VM "virtual time"), and the host's CPU time for its domain (libvirt's
 * per-domain CPU time every 100 ms: all the host spent on the guest), both over the run's measured
 * intervals and per operation; the difference is the hypervisor's share (the "CP time"). Sampled
 * only for a step that asks for one of {@link #FIGURES}, on a testbed with libvirt guests.
 */
final class GuestCpu {
  /** The figures this adds to a run, in µs per operation of the step, all guests together. */
  static final List<String> FIGURES = StepValidator.GUEST_CPU_FIGURES;

  /**
   * What runs in each guest while the run goes: its clock once, then its uptime and the {@code cpu}
   * line of {@code /proc/stat} every 250 ms, with the shell's built-in {@code read} (one {@code
   * sleep} process a sample). It ends when its connection is closed (SIGPIPE at its next line).
   */
  static final String LOOP =
      "read -r u0 x < /proc/uptime; echo \"clock $(date +%s%N) $u0\";"
          + " while read -r u x < /proc/uptime && read -r l < /proc/stat;"
          + " do echo \"$u $l\"; sleep 0.25; done";

  private static final long HOST_PERIOD_MS = 100;

  private final GuestDomains domains;
  private final Map<String, GuestCpuSamples> samples = new LinkedHashMap<>();
  private final List<SshShell.Started> loops = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private final Thread hostSampler;
  private volatile boolean stopped;

  private GuestCpu(GuestDomains domains, TestbedMachines machines) {
    this.domains = domains;
    for (String g : domains.guests()) {
      GuestCpuSamples s = new GuestCpuSamples();
      samples.put(g, s);
      try {
        loops.add(machines.shell(g).start(LOOP, new Lines(s)));
      } catch (RuntimeException e) {
        problems.add(g + ": " + e.getMessage());
      }
    }
    hostSampler = new Thread(this::sampleHost, "loadlab-guest-cpu");
    hostSampler.setDaemon(true);
    hostSampler.start();
  }

  /** Samples nothing: the run gets a warning saying why. */
  private GuestCpu(String why) {
    this.domains = null;
    this.hostSampler = null;
    problems.add(why);
  }

  /**
   * Starts sampling for a run of {@code step}, or returns null: the step asks for none of {@link
   * #FIGURES}, or the configuration has no libvirt guests.
   */
  static GuestCpu start(Campaign.Step step, TestbedMachines machines) {
    if (machines == null || step.figures().stream().noneMatch(FIGURES::contains)) {
      return null;
    }
    GuestDomains d;
    try {
      d = machines.guestDomains();
    } catch (RuntimeException e) {
      return new GuestCpu(e.getMessage()); // libvirt did not answer: the run says so
    }
    return d == null || d.guests().isEmpty() ? null : new GuestCpu(d, machines);
  }

  private void sampleHost() {
    while (!stopped) {
      for (Map.Entry<String, GuestCpuSamples> e : samples.entrySet()) {
        try {
          DomainStats.DomainCpu c = domains.cpu(e.getKey());
          e.getValue().hostSample(nowMs(), c.totalNanos(), c.vcpuNanos());
        } catch (RuntimeException ex) {
          synchronized (problems) {
            if (problems.size() < 5) {
              problems.add(e.getKey() + ": " + ex.getMessage());
            }
          }
        }
      }
      try {
        Thread.sleep(HOST_PERIOD_MS);
      } catch (InterruptedException ex) {
        return;
      }
    }
  }

  private static double nowMs() {
    java.time.Instant now = java.time.Instant.now();
    return now.getEpochSecond() * 1000.0 + now.getNano() / 1e6;
  }

  /**
   * Ends the sampling and adds to {@code r} the figures over its clients' measured window (the
   * earliest measured start to the latest end, each on its machine's clock brought to this one's),
   * per operation of the run's {@code count}, and each guest's times ({@link
   * Manifest.RunEntry#guestCpu}); the samples go to {@code guest-cpu.csv} in the run's directory.
   * What could not be measured becomes a warning of the run.
   */
  void finish(
      Manifest.RunEntry r, Path runDir, List<Path> clientDirs, List<Campaign.Client> clients)
      throws IOException {
    stopped = true;
    if (hostSampler != null) {
      hostSampler.interrupt();
      try {
        hostSampler.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    loops.forEach(SshShell.Started::close);
    writeCsv(runDir);
    String missing =
        samples.isEmpty() ? "libvirt did not answer" : measure(samples, r, clientDirs, clients);
    if (missing != null) {
      if (r.warnings == null) {
        r.warnings = new ArrayList<>();
      }
      r.warnings.add(
          (missing.startsWith("hypervisorCpuUsPerOp") ? "guest CPU: " : "guest CPU not measured: ")
              + missing
              + (problems.isEmpty() ? "" : " (" + String.join("; ", problems) + ")"));
    }
  }

  /**
   * Adds the figures to {@code r}; returns why it could not (all, or the hypervisor's), or null.
   */
  static String measure(
      Map<String, GuestCpuSamples> samples,
      Manifest.RunEntry r,
      List<Path> clientDirs,
      List<Campaign.Client> clients)
      throws IOException {
    Double count = r.figures == null ? null : r.figures.get("count");
    if (count == null || count <= 0) {
      return "the run counted no operation";
    }
    double from = Double.NaN;
    double to = Double.NaN;
    for (int i = 0; i < clientDirs.size(); i++) {
      double[] w = GuestCpuSamples.window(clientDirs.get(i));
      String machine = clients.get(i).machine();
      GuestCpuSamples own = machine == null ? null : samples.get(machine);
      Double offset = own == null ? Double.valueOf(0) : own.offsetMs();
      if (w == null || offset == null) {
        return "no measured interval of client " + (i + 1) + " on this machine's clock";
      }
      from = Double.isNaN(from) ? w[0] + offset : Math.min(from, w[0] + offset);
      to = Double.isNaN(to) ? w[1] + offset : Math.max(to, w[1] + offset);
    }
    double guestNs = 0;
    double hostNs = 0;
    double vcpuNs = 0;
    boolean vcpus = true;
    Map<String, Map<String, Double>> each = new LinkedHashMap<>();
    for (Map.Entry<String, GuestCpuSamples> e : samples.entrySet()) {
      Double g = e.getValue().guestNanos(from, to);
      Double h = e.getValue().hostNanos(from, to);
      if (g == null || h == null) {
        return e.getKey() + " was not sampled over the whole measured window";
      }
      guestNs += g;
      hostNs += h;
      Map<String, Double> m = new LinkedHashMap<>();
      m.put("guestMs", ms(g));
      m.put("hostMs", ms(h));
      Double v = e.getValue().vcpuNanos(from, to);
      if (v != null) {
        m.put("vcpuMs", ms(v));
        vcpuNs += v;
      }
      vcpus &= v != null;
      m.put("seconds", Math.round(to - from) / 1000.0);
      each.put(e.getKey(), m);
    }
    r.guestCpu = each;
    r.figures.put("guestCpuUsPerOp", guestNs / 1000 / count);
    r.figures.put("hostDomainCpuUsPerOp", hostNs / 1000 / count);
    if (vcpus) {
      r.figures.put("hostVcpuCpuUsPerOp", vcpuNs / 1000 / count);
    }
    if (guestNs <= hostNs) {
      r.figures.put("hypervisorCpuUsPerOp", (hostNs - guestNs) / 1000 / count);
      return null;
    }
    // A guest's clock runs on while the host does not run it; without steal time (emulated
    // guests, a busy host) the guest counts that as its own busy time.
    return String.format(
        java.util.Locale.ROOT,
        "hypervisorCpuUsPerOp left out: the guests counted %.0f ms of CPU, more than the %.0f ms"
            + " the host gave their domains (a guest without steal time counts the time the"
            + " host does not run it: emulated, or an overcommitted host); hostVcpuCpuUsPerOp is"
            + " the host's own measure of the guests' time",
        guestNs / 1e6,
        hostNs / 1e6);
  }

  private static double ms(double nanos) {
    return Math.round(nanos / 1e4) / 100.0;
  }

  private void writeCsv(Path runDir) throws IOException {
    List<String> lines = new ArrayList<>(List.of("machine,source,epochMs,cpuNanos"));
    samples.forEach((g, s) -> lines.addAll(s.csv(g)));
    Files.createDirectories(runDir);
    Files.write(runDir.resolve("guest-cpu.csv"), lines);
  }

  /** The guest loop's output, line by line, each stamped with its arrival here. */
  private static final class Lines extends OutputStream {
    private final GuestCpuSamples samples;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    Lines(GuestCpuSamples samples) {
      this.samples = samples;
    }

    @Override
    public void write(int b) {
      if (b == '\n') {
        samples.guestLine(line.toString(StandardCharsets.UTF_8), nowMs());
        line.reset();
      } else {
        line.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) {
      for (int i = off; i < off + len; i++) {
        write(b[i]);
      }
    }
  }
}
