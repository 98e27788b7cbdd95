package io.loadlab.cli.jmeter;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.RunSession;
import io.loadlab.cli.StopSignals;
import io.loadlab.cli.live.LiveOptions;
import io.loadlab.cli.live.LiveOutputs;
import io.loadlab.core.Version;
import io.loadlab.core.export.ConsoleExporter;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jtl.JtlFollower;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.run.RunDirectories;
import io.loadlab.core.util.HostNames;
import io.loadlab.core.util.Texts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code loadlab jmeter run --plan plan.jmx}: runs a JMeter test plan non-GUI ({@code jmeter -n -t
 * plan.jmx -l run.jtl}), here or, with {@code --remote}, on {@code jmeter-server} machines through
 * JMeter's own distributed mode ({@code -R}), and turns its CSV results into an ordinary loadlab
 * run directory ({@link JmeterRunFiles}), so campaigns, {@code compare} and reports treat it as any
 * other run.
 */
public final class JmeterRunCommand extends DescribedCommand {
  /** The name of the JMeter results file in the run directory. */
  public static final String JTL_NAME = "run.jtl";

  /** The name of JMeter's own log in the run directory. */
  public static final String LOG_NAME = "jmeter.log";

  /** The intervals of {@code --influx}: JMeter's samples as the JTL receives them. */
  private static final java.time.Duration LIVE_INTERVAL = java.time.Duration.ofSeconds(1);

  /** Shared run options that mean nothing to a plan, which sets its own timing. */
  private static final Set<String> TIMING = Set.of("duration", "warmup", "interval");

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]*");
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(password|passwd|secret|token|passphrase).*");

  /** Every {@code jmeter} command. */
  public static List<Command> all() {
    return List.of(new JmeterRunCommand());
  }

  JmeterRunCommand() {
    super("jmeter run");
  }

  @Override
  public Options options() {
    return JmeterOptions.commandLine(described());
  }

  @Override
  public void check(CommandLine cmd) {
    settings(cmd);
  }

  /** The checked settings of a command line. */
  private static JmeterRun settings(CommandLine cmd) {
    for (String t : TIMING) {
      if (cmd.hasOption(t)) {
        throw new UsageException(
            "--"
                + t
                + ": a JMeter plan sets its own timing; give it as a property the plan reads, e.g."
                + " --property "
                + t
                + "=60 with ${__P("
                + t
                + ",60)} in the plan");
      }
    }
    String plan = cmd.getOptionValue("plan");
    if (plan == null) {
      throw new UsageException("--plan: missing; give the JMeter test plan, e.g. --plan plan.jmx");
    }
    Path planFile = Path.of(plan).toAbsolutePath().normalize();
    if (!Files.isRegularFile(planFile) || !Files.isReadable(planFile)) {
      throw new UsageException(
          "--plan: '"
              + Texts.cut(plan)
              + "' is not a readable file; give the path of the .jmx to run");
    }
    Map<String, String> properties = new LinkedHashMap<>();
    for (Option o : cmd.getOptions()) {
      if (!"property".equals(o.getLongOpt())) {
        continue;
      }
      String[] kv = o.getValues();
      String name = kv == null || kv.length == 0 ? "" : kv[0];
      if (kv == null || kv.length != 2 || !NAME.matcher(name).matches()) {
        throw new UsageException(
            "--property: '"
                + Texts.cut(String.join("=", kv == null ? new String[0] : kv))
                + "' is not NAME=VALUE; give e.g. --property threads=10 (or -Jthreads=10)");
      }
      if (SECRET_NAME.matcher(name).matches()) {
        throw new UsageException(
            "--property: "
                + Texts.cut(name)
                + " looks like a secret, which the process list would show; put it in a file"
                + " given with --property-file");
      }
      properties.put(name, kv[1]);
    }
    LiveOptions.check(cmd);
    properties.putAll(liveProperties(cmd));
    Path propertyFile = null;
    if (cmd.hasOption("property-file")) {
      propertyFile = Path.of(cmd.getOptionValue("property-file")).toAbsolutePath().normalize();
      if (!Files.isRegularFile(propertyFile) || !Files.isReadable(propertyFile)) {
        throw new UsageException(
            "--property-file: '"
                + Texts.cut(cmd.getOptionValue("property-file"))
                + "' is not a readable file; give a JMeter properties file (NAME=VALUE lines)");
      }
    }
    List<String> remote = new ArrayList<>();
    if (cmd.hasOption("remote")) {
      for (String h : cmd.getOptionValue("remote").split(",")) {
        String host = h.trim();
        if (host.isEmpty() || host.contains(" ") || !host.matches("[^:]+(:[0-9]{1,5})?")) {
          throw new UsageException(
              "--remote: '"
                  + Texts.cut(h)
                  + "' is not host or host:port; give the jmeter-server machines, e.g."
                  + " --remote 10.0.0.5,10.0.0.6:1099");
        }
        HostNames.check("--remote", host.replaceFirst(":[0-9]{1,5}$", ""));
        remote.add(host);
      }
    }
    String rmiHostname = cmd.getOptionValue("rmi-hostname");
    if (rmiHostname != null && remote.isEmpty()) {
      throw new UsageException(
          "--rmi-hostname: only with --remote (it is how jmeter-server machines reach this"
              + " controller); add --remote or remove it");
    }
    JmeterLauncher launcher = JmeterLauncher.find(cmd.getOptionValue("jmeter"), System.getenv());
    return new JmeterRun(launcher, planFile, properties, propertyFile, remote, rmiHostname);
  }

  /**
   * {@code --metrics-port}, {@code --metrics-address} and {@code --metrics-label} as the JMeter
   * properties the plan's loadlab Results listener serves its live endpoint by ({@code
   * loadlab.metrics.port}, ...); none without {@code --metrics-port}.
   */
  static Map<String, String> liveProperties(CommandLine cmd) {
    Map<String, String> p = new LinkedHashMap<>();
    int port = LiveOptions.port(cmd);
    if (port < 0) {
      return p;
    }
    p.put("loadlab.metrics.port", String.valueOf(port));
    p.put("loadlab.metrics.address", LiveOptions.address(cmd));
    LiveOptions.labels(cmd, JmeterRunFiles.WORKLOAD)
        .asMap()
        .forEach(
            (name, value) -> {
              if (!"workload".equals(name)) {
                p.put("loadlab.metrics.label." + name, value);
              }
            });
    return p;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    JmeterRun run = settings(cmd);
    int shutdownPort = freeUdpPort();
    // SIGINT and SIGTERM are handled before the run's directory is made, which appears with a
    // result.json saying running: a run stopped or killed at any moment after leaves a result.
    AtomicReference<Process> jmeter = new AtomicReference<>();
    int code;
    String startTime = java.time.Instant.now().toString();
    Path dir;
    try (StopSignals signals =
        StopSignals.install(
            sig -> {
              Process started = jmeter.get();
              if (started != null) {
                stop(started, shutdownPort);
              }
            })) {
      RunInfo info =
          new RunInfo(
              Version.get(),
              JmeterRunFiles.WORKLOAD,
              cmd.getOptionValue("label"),
              ctx.commandLine(),
              run.describe(),
              EnvironmentInfo.current(),
              RunOptions.testbed(cmd));
      RunDirectories.Contents first =
          d ->
              ResultJson.writeInExistingDirectory(
                  info.running(startTime), d.resolve(ExportOptions.JSON_NAME));
      dir =
          (cmd.hasOption("output")
                  ? RunDirectories.createOrFill(Path.of(cmd.getOptionValue("output")), first)
                  : RunDirectories.createNew(
                      RunOptions.defaultOutputDir(JmeterRunFiles.WORKLOAD), first))
              .toAbsolutePath();
      code =
          StopSignals.received() != null
              ? 0
              : runJmeter(run, cmd, ctx, dir, shutdownPort, jmeter, info);
    }
    String signal = StopSignals.received();
    JmeterRunFiles.Outcome outcome =
        JmeterRunFiles.write(
            dir,
            dir.resolve(JTL_NAME),
            run,
            code,
            signal,
            startTime,
            cmd.getOptionValue("label"),
            ctx.commandLine(),
            RunOptions.testbed(cmd),
            RunOptions.exportsInto(cmd, ctx.out(), dir),
            RunOptions.criteria(cmd, figures()));
    new ConsoleExporter(ctx.out(), true).end(outcome.result());
    ctx.out().println("result: " + dir.resolve("result.json"));
    return RunSession.exitCode(outcome.result().status());
  }

  /** Runs JMeter into {@code dir} and returns its exit code; stopped as soon as a signal came. */
  private static int runJmeter(
      JmeterRun run,
      CommandLine cmd,
      CliContext ctx,
      Path dir,
      int shutdownPort,
      AtomicReference<Process> jmeter,
      RunInfo info)
      throws IOException, InterruptedException {
    Path jtl = dir.resolve(JTL_NAME);
    Files.deleteIfExists(jtl);
    List<String> command = run.command(jtl, dir.resolve(LOG_NAME), shutdownPort);
    // --influx: the JTL followed as JMeter writes it (each sample flushed), whatever the plan
    // holds.
    ResultSink influx = LiveOutputs.openInflux(cmd, JmeterRunFiles.WORKLOAD, ctx.err());
    if (influx != null) {
      command.add("-Jjmeter.save.saveservice.autoflush=true");
    }
    try (JtlFollower follower =
        influx == null ? null : JtlFollower.start(jtl, info, List.of(influx), LIVE_INTERVAL)) {
      int code = runJmeter(command, run, cmd, ctx, dir, shutdownPort, jmeter);
      if (follower != null) {
        follower.finish(code == 0 ? RunStatus.OK : RunStatus.FAILED);
      }
      return code;
    }
  }

  /** Runs JMeter's {@code command} and returns its exit code. */
  private static int runJmeter(
      List<String> command,
      JmeterRun run,
      CommandLine cmd,
      CliContext ctx,
      Path dir,
      int shutdownPort,
      AtomicReference<Process> jmeter)
      throws IOException, InterruptedException {
    boolean quiet = cmd.hasOption("quiet");
    if (!quiet) {
      ctx.out().println("jmeter: " + String.join(" ", command));
    }
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    Path wd = run.launcher().workingDirectory();
    if (wd != null) {
      pb.directory(wd.toFile());
    }
    Process p = pb.start();
    jmeter.set(p);
    if (StopSignals.received() != null) {
      stop(p, shutdownPort); // the signal came while it was starting
    }
    p.getOutputStream().close();
    Thread console = copy(p, dir.resolve("jmeter.out"), quiet ? null : ctx.out());
    int code = p.waitFor();
    console.join(TimeUnit.SECONDS.toMillis(10));
    return code;
  }

  /** Stops JMeter as its own shutdown.sh does (a UDP message), then by signal if it hangs. */
  private static void stop(Process p, int port) {
    try (DatagramSocket s = new DatagramSocket()) {
      byte[] msg = "Shutdown".getBytes(StandardCharsets.US_ASCII);
      s.send(new DatagramPacket(msg, msg.length, InetAddress.getLoopbackAddress(), port));
    } catch (IOException e) {
      p.destroy();
    }
    Thread killer =
        new Thread(
            () -> {
              try {
                if (!p.waitFor(30, TimeUnit.SECONDS)) {
                  p.destroy();
                  if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                  }
                }
              } catch (InterruptedException e) {
                p.destroyForcibly();
              }
            },
            "loadlab-jmeter-stop");
    killer.setDaemon(true);
    killer.start();
  }

  private static int freeUdpPort() throws IOException {
    try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Copies JMeter's console to a file in the run directory and, unless quiet, to {@code out}. */
  private static Thread copy(Process p, Path file, PrintStream out) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                      new BufferedReader(
                          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                  Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                String line;
                while ((line = r.readLine()) != null) {
                  w.write(line);
                  w.write('\n');
                  w.flush();
                  if (out != null) {
                    out.println(line);
                  }
                }
              } catch (IOException e) {
                // The process ended; its JTL and log say what happened.
              }
            },
            "loadlab-jmeter-console");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /**
   * A checked JMeter run.
   *
   * @param properties {@code -J} (and {@code -G} with remote machines) properties
   * @param propertyFile {@code -q} (and {@code -G}) file, or null
   * @param remote the {@code -R} machines, empty to run here
   * @param rmiHostname JMeter's {@code java.rmi.server.hostname} with remote machines, or null
   */
  record JmeterRun(
      JmeterLauncher launcher,
      Path plan,
      Map<String, String> properties,
      Path propertyFile,
      List<String> remote,
      String rmiHostname) {
    /** JMeter's command line: non-GUI, CSV results with a header, stoppable over UDP. */
    List<String> command(Path jtl, Path log, int shutdownPort) {
      List<String> c = new ArrayList<>(launcher.command());
      c.addAll(List.of("-n", "-t", plan.toString(), "-l", jtl.toString(), "-j", log.toString()));
      c.add("-Jjmeter.save.saveservice.output_format=csv");
      c.add("-Jjmeter.save.saveservice.print_field_names=true");
      c.add("-Jjmeterengine.nongui.port=" + shutdownPort);
      c.add("-Jjmeterengine.nongui.maxport=" + shutdownPort);
      if (!remote.isEmpty()) {
        c.add("-Jserver.rmi.ssl.disable=true");
        if (rmiHostname != null) {
          c.add("-Djava.rmi.server.hostname=" + rmiHostname);
        }
      }
      if (propertyFile != null) {
        c.addAll(List.of("-q", propertyFile.toString()));
        if (!remote.isEmpty()) {
          c.add("-G" + propertyFile);
        }
      }
      properties.forEach(
          (k, v) -> {
            c.add("-J" + k + "=" + v);
            if (!remote.isEmpty()) {
              c.add("-G" + k + "=" + v);
            }
          });
      if (!remote.isEmpty()) {
        c.addAll(List.of("-R", String.join(",", remote)));
      }
      return c;
    }

    /** What the run was, for the result's configuration. */
    Map<String, Object> describe() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("plan", plan.toString());
      m.put("jmeter", launcher.source());
      if (!properties.isEmpty()) {
        m.put("properties", new LinkedHashMap<>(properties));
      }
      if (propertyFile != null) {
        m.put("propertyFile", propertyFile.toString());
      }
      m.put("remote", remote.isEmpty() ? "none" : String.join(",", remote));
      return m;
    }
  }
}
