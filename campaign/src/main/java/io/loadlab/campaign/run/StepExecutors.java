package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.core.workload.JvmHints;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import io.loadlab.provision.placement.Placement;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The executors a campaign has: a child {@code loadlab} process on this machine (one JVM per run
 * keeps the campaign's memory flat and survives a run's crash), the same inside a lab host's
 * network namespace ({@code ip netns exec}), and testbed machines over the provisioner's SSH
 * ({@link SshStepExecutor}); each optionally under a client's placement ({@code nice -n}, {@code
 * numactl}).
 */
public final class StepExecutors {
  private StepExecutors() {}

  /** Set on every child: it ends itself once the campaign that started it is gone. */
  static final String EXIT_WITH_PARENT = "LOADLAB_EXIT_WITH_PARENT";

  /** The executor for a server or a client here or in a lab host (not a testbed machine). */
  public static StepExecutor forClient(Campaign.Configuration c, String machine) {
    return forClient(c, machine, Placement.NONE);
  }

  /**
   * The executor for a client here or in a lab host whose command runs under {@code placement}
   * ({@code nice}, {@code numactl}: both exec the command, so the child's pid is the run's).
   */
  static StepExecutor forClient(Campaign.Configuration c, String machine, Placement placement) {
    if (machine == null) {
      return new ChildProcess(placement.words());
    }
    if (c.kind() == Campaign.Kind.LAB) {
      List<String> prefix = new ArrayList<>(prefix(c, machine));
      prefix.addAll(placement.words());
      return new ChildProcess(prefix);
    }
    if (c.kind() == Campaign.Kind.TESTBED) {
      io.loadlab.provision.testbed.Host h =
          io.loadlab.provision.testbed.TestbedFile.read(c.file()).hosts().get(machine);
      if (h != null && h.isLocal()) {
        return new ChildProcess(placement.words()); // this machine itself
      }
    }
    throw new IllegalStateException("no executor for machine " + machine + " of " + c.name());
  }

  /**
   * The executor for one client of a step: on a testbed machine over SSH ({@code machines} is the
   * configuration's open testbed, or a lab's sshd hosts on a {@code local} link), else as {@link
   * #forClient(Campaign.Configuration, String)}.
   */
  static StepExecutor forClient(
      Campaign.Configuration c,
      Campaign.Client client,
      TestbedMachines machines,
      Path campaignDir,
      String campaignName) {
    String machine = client.machine();
    if (machine != null && machines != null && machines.overSsh(machine)) {
      return new SshStepExecutor(
          machines,
          machine,
          campaignDir,
          TestbedMachines.REMOTE_ROOT + "/" + campaignName,
          client.placement());
    }
    return forClient(c, machine, client.placement());
  }

  /** The command prefix that runs a program on a machine of a configuration (empty: here). */
  static List<String> prefix(Campaign.Configuration c, String machine) {
    return machine == null || c.kind() != Campaign.Kind.LAB
        ? List.of()
        : List.of("ip", "netns", "exec", "ll-" + c.labName() + "-" + machine);
  }

  /** {@code java [-jar loadlab.jar | -cp <class path> io.loadlab.cli.Main] args}: this loadlab. */
  public static List<String> loadlab(List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(compatibilityOptions(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    // JVM options of each run: the environment's, else the system property's (the build's tests
    // set it to start their many short children faster).
    String opts = System.getenv("LOADLAB_RUN_JAVA_OPTS");
    if (opts == null || opts.isBlank()) {
      opts = System.getProperty("loadlab.run.java.opts");
    }
    if (opts != null && !opts.isBlank()) {
      cmd.addAll(List.of(opts.trim().split("\\s+")));
    }
    cmd.addAll(jitOptions(args, opts, System.getenv("LOADLAB_DS2_RUN_JAVA_OPTS")));
    List<String> aot = aotOptions(args, opts, System.getenv("LOADLAB_AOT_CACHE"));
    cmd.addAll(aot);
    // The launcher's class-data archive (AppCDS) serves runs on the same jar: faster starts.
    String archive = System.getenv("LOADLAB_CDS_ARCHIVE");
    if (aot.isEmpty()
        && archive != null
        && !archive.isBlank()
        && Files.isRegularFile(Path.of(archive))) {
      cmd.add("-XX:SharedArchiveFile=" + archive);
    }
    cmd.addAll(mainOf(System.getProperty("java.class.path")));
    cmd.addAll(args);
    return cmd;
  }

  /**
   * How a run's JVM starts loadlab: {@code -jar} when this one runs from loadlab.jar alone, so that
   * the jar's manifest applies (its Enable-Native-Access keeps Java 24+ quiet), else the class
   * path.
   */
  static List<String> mainOf(String classPath) {
    if (classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator)) {
      return List.of("-jar", classPath);
    }
    return List.of("-cp", classPath, "io.loadlab.cli.Main");
  }

  /**
   * The options of this JVM's that a run's JVM takes too: those the launcher gives Java 24 and
   * newer so that Netty's use of sun.misc.Unsafe and of native libraries starts no warnings
   * (lib/find-java.sh).
   */
  static List<String> compatibilityOptions(List<String> jvmArguments) {
    return jvmArguments.stream()
        .filter(
            a ->
                a.startsWith("--sun-misc-unsafe-memory-access=")
                    || a.startsWith("--enable-native-access="))
        .toList();
  }

  /**
   * The JIT options of a run: for a command whose workload takes them ({@link
   * JvmHints#launcherJit}, such as {@code ds2 run}), the launcher's choice for this machine ({@code
   * launcherJit}, from lib/launch-jit.sh), unless the run's own JVM options name a JIT already.
   */
  static List<String> jitOptions(List<String> args, String runOpts, String launcherJit) {
    if (!hints(args).launcherJit() || launcherJit == null || launcherJit.isBlank()) {
      return List.of();
    }
    if (runOpts != null && JIT_OPTION.matcher(runOpts).find()) {
      return List.of();
    }
    return List.of(launcherJit.trim().split("\\s+"));
  }

  /** The JVM hints of the workload of a command line, or none. */
  private static JvmHints hints(List<String> args) {
    WorkloadCommand command = Workloads.installed().find(args);
    return command == null ? JvmHints.NONE : command.jvm();
  }

  /**
   * The ahead-of-time cache option of a run: for a command whose workload starts from one ({@link
   * JvmHints#aotCache}, such as the {@code amqp} runs), the launcher's cache ({@code cache}, from
   * lib/aot-cache.sh, Java 25+) when it exists, unless the run's own JVM options name a cache or an
   * archive already. It carries the classes and method profiles of a training run, so that the
   * run's JIT warm-up is shorter (docs/benchmarks.md).
   */
  static List<String> aotOptions(List<String> args, String runOpts, String cache) {
    if (!hints(args).aotCache() || cache == null || cache.isBlank()) {
      return List.of();
    }
    if (runOpts != null && (runOpts.contains("AOTCache") || runOpts.contains("SharedArchive"))) {
      return List.of();
    }
    return Files.isRegularFile(Path.of(cache.strip()))
        ? List.of("-XX:AOTCache=" + cache.strip())
        : List.of();
  }

  private static final Pattern JIT_OPTION =
      Pattern.compile("Tiered|CompilationMode|ServerClassMachine|-Xint\\b|-Xcomp\\b");

  /** A child process, optionally under a prefix such as {@code ip netns exec NS}. */
  static final class ChildProcess implements StepExecutor {
    private final List<String> prefix;

    ChildProcess(List<String> prefix) {
      this.prefix = prefix;
    }

    @Override
    public Execution start(List<String> args, Path output, Path log) throws IOException {
      Files.createDirectories(log.toAbsolutePath().getParent());
      List<String> cmd = new ArrayList<>(prefix);
      List<String> all = new ArrayList<>(args);
      if (output != null) {
        all.addAll(List.of("--output", output.toString()));
      }
      cmd.addAll(loadlab(all));
      ProcessBuilder b =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.PIPE);
      // The child ends itself if the campaign dies, whatever kills it (ParentWatch).
      b.environment().put(EXIT_WITH_PARENT, String.valueOf(ProcessHandle.current().pid()));
      Process p = b.start();
      p.getOutputStream().close();
      return new Execution() {
        @Override
        public boolean alive() {
          return p.isAlive();
        }

        @Override
        public long pid() {
          return p.pid();
        }

        @Override
        public int waitFor() throws InterruptedException {
          return p.waitFor();
        }

        @Override
        public void stop() {
          p.destroy(); // SIGTERM: the run aborts and writes its summary
          try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
              p.destroyForcibly();
            }
          } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
          }
        }
      };
    }
  }
}
