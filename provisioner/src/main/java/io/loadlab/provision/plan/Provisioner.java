package io.loadlab.provision.plan;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.ActionLog;
import io.loadlab.provision.action.AppliedState;
import io.loadlab.provision.action.Executor;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.install.InstallPlanner;
import io.loadlab.provision.install.Installer;
import io.loadlab.provision.install.PluginInstallPlanner;
import io.loadlab.provision.libvirt.GuestPlanner;
import io.loadlab.provision.libvirt.GuestState;
import io.loadlab.provision.libvirt.LibvirtHost;
import io.loadlab.provision.roles.Launchers;
import io.loadlab.provision.roles.RoleCommands;
import io.loadlab.provision.roles.RolePlanner;
import io.loadlab.provision.ssh.KnownHosts;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.HostFacts;
import io.loadlab.provision.testbed.Install;
import io.loadlab.provision.testbed.Pinnings;
import io.loadlab.provision.testbed.Role;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.TestbedPaths;
import io.loadlab.provision.testbed.TestbedValidator;
import io.loadlab.provision.tuning.TuningPlanner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Plans, applies, shows and tears down a testbed. Opening it reads the file, checks it on its own,
 * connects to libvirt on each host with guests to read the host's facts, and checks it against
 * them: nothing is changed unless all of that passes. Keep one instance for a whole session (the
 * libvirt test driver keeps its state per connection).
 */
public final class Provisioner implements AutoCloseable {
  private final Path file;
  private final Testbed testbed;
  private final ProvisionOptions options;
  private final Map<String, LibvirtHost> libvirt = new LinkedHashMap<>();
  private final Map<String, HostFacts> facts = new LinkedHashMap<>();
  private final MachineShells machines;
  private final Map<String, List<Integer>> pins;
  private final Map<String, String> virtualization = new LinkedHashMap<>();
  private final Map<String, Guest> resolved = new LinkedHashMap<>();
  private final io.loadlab.provision.guestboot.HostRootGuests hostRoot;
  private final HostRootStartHooks startHooks;
  private final GuestPlanner guestPlanner;
  private final io.loadlab.provision.testbed.GuestNames names;
  private RolePlanner rolePlanner;
  private final InstallPlanner installPlanner;
  private final PluginInstallPlanner pluginPlanner;

  /**
   * @param faults where the refusals of the checks against the hosts go, for {@link #faults}; null
   *     to throw them
   */
  private Provisioner(
      Path file,
      Testbed testbed,
      ProvisionOptions options,
      ShellFactory shells,
      List<String> faults) {
    this.file = file;
    this.testbed = testbed;
    this.options = options;
    this.machines = new MachineShells(file, testbed, options, shells, virtualization, resolved);
    this.hostRoot = new io.loadlab.provision.guestboot.HostRootGuests(testbed.name(), dir());
    this.startHooks =
        new HostRootStartHooks(
            hostRoot,
            name -> SshTargets.of(testbed, file, options, name).knownHosts(),
            options.bootTimeout());
    this.names = io.loadlab.provision.testbed.GuestNames.of(testbed, file);
    this.guestPlanner =
        new GuestPlanner(
            testbed.name(), options.shutdownTimeout(), startHooks, names, testbed.hosts());
    Install install = testbed.install();
    this.rolePlanner = rolePlanner(options.healthTimeout());
    this.installPlanner =
        install == null || install.loadlab() == null
            ? null
            : new InstallPlanner(TestbedPaths.resolve(file, install.loadlab()), install.dir());
    this.pluginPlanner =
        install == null || install.jmeterPlugin() == null
            ? null
            : new PluginInstallPlanner(
                TestbedPaths.resolve(file, install.jmeterPlugin()), install.jmeterHome());
    TestbedValidator validator =
        new TestbedValidator(
            file,
            new KnownHosts(),
            options.hostKeys() == io.loadlab.provision.ssh.HostKeyPolicy.RECORD_NEW);
    List<String> problems = validator.checkFile(testbed);
    if (!problems.isEmpty()) {
      throw new io.loadlab.core.failure.UsageException(String.join("\n", problems));
    }
    try {
      List<String> found = faults == null ? new ArrayList<>() : faults;
      for (Map.Entry<String, Host> h : testbed.hosts().entrySet()) {
        if (h.getValue().libvirt() != null) {
          HostChecks.fault(found, () -> openLibvirt(h.getKey(), h.getValue()));
        }
      }
      HostChecks.fault(found, () -> validator.check(testbed, facts));
      testbed
          .guests()
          .forEach(
              (name, g) ->
                  HostChecks.fault(
                      found,
                      () ->
                          resolved.put(
                              name,
                              g.sharesHostRoot()
                                  ? hostRoot.resolve(
                                      name,
                                      g,
                                      testbed.hosts().get(g.host()),
                                      SshTargets.of(testbed, file, options, name).keyFile(),
                                      libvirt.containsKey(g.host())
                                          ? libvirt.get(g.host()).domainType()
                                          : "kvm")
                                  : g)));
      if (faults == null && !found.isEmpty()) {
        throw new io.loadlab.core.failure.UsageException(String.join("\n", found));
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    this.pins = faults == null || faults.isEmpty() ? Pinnings.resolve(testbed, facts) : Map.of();
    if (virtualization.containsValue("tcg")) {
      // An emulated guest starts a JVM in tens of seconds on a busy machine.
      this.rolePlanner = rolePlanner(options.healthTimeout().multipliedBy(EMULATION_SLOWDOWN));
    }
  }

  /** Opens a host's libvirt, reads its facts and decides how its guests run. */
  private void openLibvirt(String name, Host h) {
    LibvirtHost lv = LibvirtHostOpening.open(name, h);
    libvirt.put(name, lv);
    HostFacts f = lv.facts();
    if (h.isLocal() && !"test".equals(lv.domainType())) {
      // This machine's memory as its kernel counts it (libvirt sums the NUMA nodes' counters).
      java.util.OptionalLong total = MemInfo.read(machines.shell(name), "MemTotal");
      if (total.isPresent()) {
        f = f.withMemoryBytes(total.getAsLong());
      }
    }
    facts.put(name, f);
    if (!testbed.guests().isEmpty()) {
      virtualization.put(name, io.loadlab.provision.libvirt.Virtualization.apply(name, h, lv));
    }
  }

  /** How much longer commands and role starts may take in emulated (TCG) guests. */
  static final int EMULATION_SLOWDOWN = 5;

  private RolePlanner rolePlanner(Duration healthTimeout) {
    Install install = testbed.install();
    return new RolePlanner(
        healthTimeout,
        Duration.ofMillis(300),
        install == null
            ? Launchers.ON_PATH
            : new Launchers(install.program(), install.jmeterServer()));
  }

  /** Reads, validates and connects; throws a one-line error (exit 2 or 3) on any problem. */
  public static Provisioner open(Path file, ProvisionOptions options, ShellFactory shells) {
    return new Provisioner(file, TestbedFile.read(file), options, shells, null);
  }

  public Testbed testbed() {
    return testbed;
  }

  /** The libvirt connection of a host (for tests and tools in this package). */
  LibvirtHost libvirtHost(String host) {
    return libvirt.get(host);
  }

  /** The file {@code apply} records its changes in, for {@code teardown}. */
  public Path stateFile() {
    return dir().resolve(file.getFileName() + ".state.json");
  }

  /** The file every applied or torn-down action is appended to. */
  public Path actionLogFile() {
    return dir().resolve(file.getFileName() + ".actions.log");
  }

  private Path dir() {
    if (options.stateDir() != null) {
      return options.stateDir();
    }
    Path parent = file.toAbsolutePath().getParent();
    return parent == null ? Path.of(".") : parent;
  }

  /** What apply would change, compared with the live state. */
  public Plan plan() {
    Plan plan = new Plan();
    List<String> problems = hostChecks().run(plan, AppliedState.load(stateFile()));
    if (!problems.isEmpty()) {
      // Checked against the hosts before anything is applied.
      throw new io.loadlab.core.failure.UsageException(String.join("\n", problems));
    }
    resolved.forEach(
        (name, g) -> {
          LibvirtHost lv = libvirt.get(g.host());
          long pageKiB =
              TestbedValidator.pageKiB(
                  TestbedValidator.pageSize(testbed.hosts().get(g.host()).tuning().hugepages()));
          guestPlanner.plan(plan, lv, facts.get(g.host()), name, g, pins.get(name), pageKiB);
        });
    if (installPlanner != null) {
      for (String machine : machinesFor(RoleCommands::runsLoadlab, testbed.install().on())) {
        planInstall(plan, machine, installPlanner);
      }
    }
    if (pluginPlanner != null) {
      for (String machine : machinesFor(RoleCommands::runsJmeterServer, List.of())) {
        planInstall(plan, machine, pluginPlanner);
      }
    }
    for (Role role : testbed.roles()) {
      if (startsLater(role.on())) {
        plan.change(
            role.on(),
            "start " + role.role() + " once the guest answers over SSH",
            () -> {
              Plan later = new Plan();
              rolePlanner.plan(
                  later, role, machines.shellOnceBooted(role.on()), rmiAddress(role.on()));
              for (Action a : later.changes()) {
                Undo u = a.step().run();
                if (u != null) {
                  return u;
                }
              }
              return null;
            });
      } else {
        rolePlanner.plan(plan, role, machines.shellOfRunning(role.on()), rmiAddress(role.on()));
      }
    }
    return plan;
  }

  /** The address the campaign's JMeter controller reaches {@code machine}'s jmeter-server at. */
  private String rmiAddress(String machine) {
    Host h = testbed.hosts().get(machine);
    return h != null
        ? RoleCommands.rmiAddress(h.address(), h.isLocal())
        : RoleCommands.rmiAddress(testbed.guests().get(machine).address(), false);
  }

  private HostChecks hostChecks() {
    return new HostChecks(file, testbed, machines, libvirt, facts, pins);
  }

  /**
   * Every fault {@code provision plan} refuses for {@code file}, found without changing anything:
   * the file, the hosts' libvirt (running, qemu, KVM), their facts, the guests' boot files, bridge
   * names, memory and the hosts' tuning. Empty if there is none; other failures (an unreachable
   * host, exit 3) are thrown.
   */
  public static List<String> faults(Path file, ProvisionOptions options, ShellFactory shells) {
    List<String> faults = new ArrayList<>();
    try (Provisioner p = new Provisioner(file, TestbedFile.read(file), options, shells, faults)) {
      faults.addAll(p.hostChecks().run(new Plan(), AppliedState.load(p.stateFile())));
    } catch (io.loadlab.core.failure.UsageException e) {
      faults.add(e.getMessage()); // the file itself
    }
    return faults.stream().flatMap(f -> f.lines()).toList();
  }

  /**
   * True if {@code machine} is a guest this apply starts: not running, or left running by an apply
   * stopped before it learned the guest's host key (started again, see {@link GuestPlanner}).
   */
  private boolean startsLater(String machine) {
    Guest g = resolved.get(machine);
    if (g == null) {
      return false;
    }
    return libvirt.get(g.host()).state(names.domain(machine)) != GuestState.RUNNING
        || !startHooks.finished(machine, g);
  }

  /** The machines that run roles matching {@code runs}, then the {@code named} ones. */
  private Set<String> machinesFor(Predicate<Role> runs, List<String> named) {
    Set<String> machines = new LinkedHashSet<>();
    testbed.roles().stream().filter(runs).forEach(r -> machines.add(r.on()));
    machines.addAll(named);
    return machines;
  }

  /** Plans one install; in a guest that is not running yet, once it answers over SSH. */
  private void planInstall(Plan plan, String machine, Installer installer) {
    if (startsLater(machine)) {
      plan.change(
          machine,
          installer.describe() + " once the guest answers over SSH",
          () -> installer.install(machines.shellOnceBooted(machine), machine));
    } else {
      installer.plan(plan, machine, machines.shellOfRunning(machine));
    }
  }

  /** Applies the plan, logging each action; returns true if every action succeeded. */
  public boolean apply(PrintStream out) {
    Plan plan = plan();
    ActionLog log = new ActionLog("apply", actionLogFile(), out);
    if (out != null && plan.isEmpty()) {
      out.println("No changes: the testbed is as the file describes.");
    }
    boolean ok = Executor.run(plan.changes(), log, AppliedState.load(stateFile()));
    if (out != null) {
      plan.warnings().forEach(w -> out.println("  ? " + w));
    }
    if (out != null && !plan.manual().isEmpty()) {
      out.println(Plan.MANUAL_HEADING);
      plan.manual().forEach(m -> out.println("  ! " + m));
    }
    return ok;
  }

  /** Undoes what apply recorded, newest first; continues past failures and returns false if any. */
  public boolean teardown(PrintStream out) {
    return new Teardown(libvirt, guestPlanner, machines).run(stateFile(), actionLogFile(), out);
  }

  /** The live state: each guest's domain, then the plan (what differs from the file). */
  public String status() {
    StringBuilder sb = new StringBuilder();
    sb.append("testbed ")
        .append(testbed.name())
        .append(" (")
        .append(TestbedDescription.mode(testbed))
        .append(")\n");
    testbed
        .guests()
        .forEach(
            (name, g) -> {
              LibvirtHost lv = libvirt.get(g.host());
              GuestState state = lv.state(names.domain(name));
              sb.append("  guest ")
                  .append(name)
                  .append(" on ")
                  .append(g.host())
                  .append(": ")
                  .append(state.label());
              if (state == GuestState.RUNNING && pins.containsKey(name)) {
                sb.append(", vCPU pinning ").append(lv.stats().livePinning(names.domain(name)));
              }
              sb.append('\n');
            });
    Plan plan = plan();
    sb.append(plan.isEmpty() ? "in step with the file\n" : "differs from the file:\n");
    plan.changes().forEach(a -> sb.append("  + ").append(a).append('\n'));
    plan.warnings().forEach(w -> sb.append("  ? ").append(w).append('\n'));
    plan.manual().forEach(m -> sb.append("  ! ").append(m).append('\n'));
    return sb.toString();
  }

  /** The testbed's state for recording with results ({@code RunInfo.testbed}). */
  public Map<String, Object> describe() {
    Map<String, GuestState> states = new LinkedHashMap<>();
    testbed
        .guests()
        .forEach((name, g) -> states.put(name, libvirt.get(g.host()).state(names.domain(name))));
    Map<String, List<String>> needsReboot = new LinkedHashMap<>();
    testbed
        .hosts()
        .forEach(
            (name, h) -> {
              if (!h.tuning().kernelCmdline().isEmpty()) {
                needsReboot.put(
                    name,
                    TuningPlanner.missingKernelOptions(
                        machines.shell(name), h.tuning().kernelCmdline()));
              }
            });
    Map<String, Object> d =
        new LinkedHashMap<>(TestbedDescription.of(testbed, facts, pins, states, needsReboot));
    if (!virtualization.isEmpty()) {
      d.put("virtualization", Map.copyOf(virtualization));
    }
    return d;
  }

  /** How each host's guests run: {@code kvm} or {@code tcg} (emulated). */
  public Map<String, String> virtualization() {
    return Map.copyOf(virtualization);
  }

  @Override
  public void close() {
    List<AutoCloseable> all = new ArrayList<>(List.of(machines));
    all.addAll(libvirt.values());
    for (AutoCloseable c : all) {
      try {
        c.close();
      } catch (Exception ignored) {
        // closing anyway
      }
    }
    libvirt.clear();
  }
}
