package io.loadlab.cli.campaign;

import io.loadlab.cli.RunSession;
import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Runs a campaign: configuration by configuration (brought up, run, brought down), every cell's
 * iterations, each run a child {@code loadlab} writing the ordinary run directory under the
 * campaign directory. {@code campaign.json} is written before and after every run, so a killed
 * campaign resumes where it stopped: finished runs are kept, the interrupted one is done again.
 */
public final class CampaignRunner {
  private final Campaign campaign;
  private final Path dir;
  private final PrintStream out;
  private final ConfigurationControl control;
  private final CountDownLatch done = new CountDownLatch(1);
  private volatile boolean stopping;
  private volatile List<StepExecutor.Execution> current = List.of();
  private final List<String> pendingRedo = new ArrayList<>();
  private Manifest manifest;
  private TestbedMachines machines;
  private int position;
  private int total;
  private double sessionSeconds;
  private int sessionRuns;
  private long childNanos;

  public CampaignRunner(Campaign campaign, Path dir, PrintStream out) {
    this.campaign = campaign;
    this.dir = dir;
    this.out = out;
    this.control = new ConfigurationControl(dir);
  }

  /**
   * Opens the campaign directory: a new manifest, or the existing one if its finished runs are the
   * ones this file would make (refused otherwise, unless {@code restart}).
   */
  public void open(boolean restart) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(Manifest.FILE);
    Manifest old = Files.exists(file) ? readOld(file) : null;
    if (old != null && restart) {
      for (Manifest.RunEntry r : old.runs) {
        deleteTree(dir.resolve(r.dir));
      }
      old = null;
    }
    manifest = old == null ? fresh() : resume(old);
    header(manifest);
    manifest.status = "running";
    manifest.write(dir);
  }

  private Manifest readOld(Path file) {
    try {
      return Manifest.read(file);
    } catch (IOException e) {
      throw new UsageException(
          file
              + ": cannot be read ("
              + e.getMessage()
              + "); give another --output, or --restart to start over here");
    }
  }

  private Manifest fresh() {
    Manifest m = new Manifest();
    m.startTime = Instant.now().toString();
    return m;
  }

  private Manifest resume(Manifest old) {
    Map<String, List<List<String>>> planned = new LinkedHashMap<>();
    for (Matrix.Cell cell : Matrix.cells(campaign)) {
      for (int i = 1; i <= cell.step().iterations().max(); i++) {
        planned.put(runId(cell, i), commandLines(cell, i));
      }
    }
    Manifest.Resume resume = new Manifest.Resume();
    resume.time = Instant.now().toString();
    List<Manifest.RunEntry> keep = new ArrayList<>();
    for (Manifest.RunEntry r : old.runs) {
      boolean finished = "ok".equals(r.status) || "failed".equals(r.status);
      List<List<String>> now = planned.get(r.id);
      if (finished && (now == null || !now.equals(r.commandLines))) {
        throw new UsageException(
            dir.resolve(Manifest.FILE)
                + ": finished run "
                + r.id
                + (now == null ? " is no longer in " : " ran another command line than ")
                + campaign.file().getFileName()
                + " gives; run with --restart to start over, or give another --output");
      }
      if (finished) {
        keep.add(r);
        resume.kept++;
      } else {
        resume.redone.add(r.id);
        stopOrphans(r);
        deleteTree(dir.resolve(r.dir));
      }
    }
    old.runs = keep;
    old.resumes.add(resume);
    if (!resume.redone.isEmpty() || resume.kept > 0) {
      out.println(
          "resuming "
              + dir
              + ": "
              + resume.kept
              + " finished runs kept"
              + (resume.redone.isEmpty()
                  ? ""
                  : ", interrupted run(s) done again: " + resume.redone));
    }
    pendingRedo.addAll(resume.redone);
    return old;
  }

  private void header(Manifest m) {
    m.campaign = campaign.name();
    m.description = campaign.description();
    m.file = campaign.file().toString();
    m.rule = campaign.rule().id();
    m.baseline = campaign.baseline();
    m.configurations =
        campaign.configurations().stream().map(Campaign.Configuration::name).toList();
    m.steps = new ArrayList<>();
    for (Campaign.Step s : campaign.steps()) {
      Manifest.StepInfo info = new Manifest.StepInfo();
      info.name = s.name();
      info.command = s.command();
      info.figures = s.figures();
      info.sweep = s.sweep();
      info.iterations = s.iterations().describe();
      info.bestOver = s.bestOver().isEmpty() ? null : s.bestOver();
      s.clients().forEach(c -> info.machines.add(c.machine() == null ? "here" : c.machine()));
      m.steps.add(info);
    }
  }

  /** Runs what is not finished yet; returns the exit code (0 ok, 1 a run failed, 130 stopped). */
  public int run() throws IOException, InterruptedException {
    Thread hook = new Thread(this::onInterrupt, "loadlab-campaign-sigint");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      List<Matrix.Cell> cells = Matrix.cells(campaign);
      total = cells.stream().mapToInt(c -> c.step().iterations().max()).sum();
      boolean failedStop = false;
      for (Campaign.Configuration conf : campaign.configurations()) {
        List<Matrix.Cell> mine = cells.stream().filter(c -> c.configuration() == conf).toList();
        if (stopping || failedStop) {
          break;
        }
        if (mine.stream().allMatch(this::cellDone)) {
          position += mine.stream().mapToInt(this::runsRecorded).sum();
          continue;
        }
        out.println("configuration " + conf.name() + ": " + ConfigurationControl.describe(conf));
        String upFailure = control.up(conf);
        Services services = new Services();
        if (upFailure == null) {
          upFailure = services.start(conf, dir.resolve("configurations"));
        }
        if (upFailure == null && conf.kind() == Campaign.Kind.TESTBED) {
          machines = new TestbedMachines(conf.file());
        } else if (upFailure == null && conf.kind() == Campaign.Kind.LAB) {
          machines = TestbedMachines.ofLab(conf);
        }
        try {
          for (Matrix.Cell cell : mine) {
            if (stopping || failedStop) {
              break;
            }
            failedStop = runCell(cell, upFailure);
          }
        } finally {
          if (machines != null) {
            machines.close();
            machines = null;
          }
          services.stop();
          String downFailure = control.down(conf);
          if (downFailure != null) {
            out.println("configuration " + conf.name() + ": " + downFailure);
          }
        }
      }
      boolean anyFailed = manifest.runs.stream().anyMatch(r -> "failed".equals(r.status));
      manifest.status = stopping ? "aborted" : anyFailed ? "failed" : "complete";
      if (failedStop && !stopping) {
        manifest.status = "failed";
      }
      save();
      out.println(summaryLine());
      return stopping ? RunSession.EXIT_ABORTED : anyFailed ? 1 : 0;
    } finally {
      done.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // Shutting down: the hook waits for done.
      }
    }
  }

  private String summaryLine() {
    long ok = manifest.runs.stream().filter(r -> "ok".equals(r.status)).count();
    long failed = manifest.runs.stream().filter(r -> "failed".equals(r.status)).count();
    return "campaign "
        + campaign.name()
        + " "
        + manifest.status
        + ": "
        + ok
        + " runs ok, "
        + failed
        + " failed; report "
        + dir.resolve(CampaignReport.FILE)
        + ", data "
        + dir.resolve(Manifest.FILE);
  }

  /**
   * Runs a cell's missing iterations; returns true if the campaign must stop (on-failure: stop).
   */
  private boolean runCell(Matrix.Cell cell, String upFailure)
      throws IOException, InterruptedException {
    Iterations it = cell.step().iterations();
    for (int i = 1; i <= it.max(); i++) {
      if (stopping) {
        return false;
      }
      Manifest.RunEntry existing = manifest.run(runId(cell, i));
      if (existing != null) {
        position++;
        continue;
      }
      if (i > it.min() && converged(cell)) {
        total -= it.max() - i + 1;
        return false;
      }
      Manifest.RunEntry r = runOne(cell, i, upFailure);
      if ("failed".equals(r.status) && campaign.stopOnFailure()) {
        out.println("on-failure: stop; the campaign stops after " + r.id);
        return true;
      }
    }
    return false;
  }

  /** Adaptive iterations: the cell's CV of its first figure is at or below the target. */
  private boolean converged(Matrix.Cell cell) {
    Iterations it = cell.step().iterations();
    if (!it.adaptive()) {
      return false;
    }
    String figure = cell.step().figures().get(0);
    double[] v =
        manifest.runs.stream()
            .filter(
                r ->
                    r.cell.equals(cell.id())
                        && "ok".equals(r.status)
                        && r.figures.get(figure) != null)
            .mapToDouble(r -> r.figures.get(figure))
            .toArray();
    if (v.length < 2) {
      return false;
    }
    Manifest.Stats s = CellStatistics.stats(v);
    return s.cvPct != null && s.cvPct <= it.untilCvPct();
  }

  private boolean cellDone(Matrix.Cell cell) {
    Iterations it = cell.step().iterations();
    int n = runsRecorded(cell);
    return n >= it.max() || (n >= it.min() && converged(cell));
  }

  private int runsRecorded(Matrix.Cell cell) {
    return (int) manifest.runs.stream().filter(r -> r.cell.equals(cell.id())).count();
  }

  private Manifest.RunEntry runOne(Matrix.Cell cell, int iteration, String upFailure)
      throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    position++;
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = runId(cell, iteration);
    r.cell = cell.id();
    r.configuration = cell.configuration().name();
    r.step = cell.step().name();
    r.point = cell.point();
    r.iteration = iteration;
    r.dir = cell.runDir(iteration);
    r.commandLines = commandLines(cell, iteration);
    r.startTime = Instant.now().toString();
    if (pendingRedo.remove(r.id)) {
      r.redone = true;
    }
    manifest.runs.add(r);
    if (upFailure != null) {
      r.status = "failed";
      r.reason = "configuration " + cell.configuration().name() + " did not come up: " + upFailure;
    } else {
      r.status = "running";
      manifest.write(dir);
      execute(cell, r);
    }
    r.endTime = Instant.now().toString();
    double seconds = (System.nanoTime() - t0) / 1e9;
    r.seconds = Math.round(seconds * 1000) / 1000.0;
    save();
    // The campaign's own time around the run: matrix, manifest, figures, statistics, report.
    r.bookkeepingMs = Math.round(((System.nanoTime() - t0) - childNanos) / 1e5) / 10.0;
    childNanos = 0;
    sessionSeconds += (System.nanoTime() - t0) / 1e9;
    sessionRuns++;
    progress(cell, r, iteration, seconds);
    return r;
  }

  private void execute(Matrix.Cell cell, Manifest.RunEntry r)
      throws IOException, InterruptedException {
    Path runDir = dir.resolve(r.dir);
    Files.createDirectories(runDir.getParent());
    List<Campaign.Client> clients = cell.step().clients();
    List<StepExecutor.Execution> started = new ArrayList<>();
    long childStart = System.nanoTime();
    List<Path> clientDirs = new ArrayList<>();
    for (int c = 0; c < clients.size(); c++) {
      Path clientDir = Matrix.clientDir(runDir, cell.step(), c);
      clientDirs.add(clientDir);
      List<String> args = new ArrayList<>(r.commandLines.get(c));
      args.add("--quiet");
      StepExecutor ex =
          StepExecutors.forClient(
              cell.configuration(), clients.get(c).machine(), machines, dir, campaign.name());
      Path log = clientDir.resolveSibling(clientDir.getFileName() + ".log");
      started.add(ex.start(args, clientDir, log));
    }
    current = started;
    r.pids = started.stream().map(StepExecutor.Execution::pid).filter(p -> p > 0).toList();
    manifest.write(dir);
    List<Integer> codes = new ArrayList<>();
    for (StepExecutor.Execution e : started) {
      codes.add(e.waitFor());
    }
    current = List.of();
    childNanos = System.nanoTime() - childStart;
    r.pids = null;
    List<RunFigures> figures = new ArrayList<>();
    for (Path d : clientDirs) {
      figures.add(RunFigures.read(d, cell.step().operation()));
    }
    classify(r, codes, figures, clientDirs, clients, cell.configuration());
  }

  private void classify(
      Manifest.RunEntry r,
      List<Integer> codes,
      List<RunFigures> figures,
      List<Path> dirs,
      List<Campaign.Client> clientOptions,
      Campaign.Configuration configuration)
      throws IOException {
    String reason = null;
    boolean aborted = false;
    for (int i = 0; i < codes.size(); i++) {
      RunFigures f = figures.get(i);
      int code = codes.get(i);
      if (code == RunSession.EXIT_ABORTED || "aborted".equals(f.status())) {
        aborted = true;
      }
      if (reason == null && (code != 0 || !"ok".equals(f.status()))) {
        String why = f.reason() != null ? f.reason() : lastLine(dirs.get(i));
        reason =
            (codes.size() > 1 ? "client " + (i + 1) + ": " : "")
                + "exit "
                + code
                + (why == null ? "" : ": " + why);
      }
    }
    if (stopping && (aborted || reason != null)) {
      // Stopped by Ctrl-C, whatever state the child was in: not a failure, done again on resume.
      r.status = "aborted";
      r.reason = "stopped by the user";
    } else {
      r.status = reason == null ? "ok" : "failed";
      r.reason = reason;
    }
    if (figures.size() == 1) {
      r.figures = figures.get(0).figures();
      double sd = figures.get(0).intervalSd();
      r.intervalSd = Double.isNaN(sd) ? null : sd;
      return;
    }
    r.clients = new ArrayList<>();
    for (int i = 0; i < figures.size(); i++) {
      Manifest.ClientEntry c = new Manifest.ClientEntry();
      c.machine = dirs.get(i).getFileName().toString().replaceFirst("^\\d+-", "");
      c.dir = dir.relativize(dirs.get(i)).toString();
      c.status = figures.get(i).status();
      c.figures = figures.get(i).figures();
      Map<String, String> own = new LinkedHashMap<>();
      clientOptions
          .get(i)
          .options()
          .forEach((k, v) -> own.put(k, CampaignValidator.substitute(v, configuration)));
      c.options = own.isEmpty() ? null : own;
      r.clients.add(c);
    }
    Histogram merged = Combine.merged(dirs, figures);
    r.figures = Combine.figures(figures, merged);
    r.latency = merged == null ? "worst-client" : "merged";
    double sd = Combine.intervalSd(figures);
    r.intervalSd = Double.isNaN(sd) ? null : sd;
  }

  private static String lastLine(Path clientDir) {
    Path log = clientDir.resolveSibling(clientDir.getFileName() + ".log");
    try (Stream<String> lines = Files.lines(log)) {
      return lines.filter(l -> !l.isBlank()).reduce((a, b) -> b).map(String::trim).orElse(null);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private void progress(Matrix.Cell cell, Manifest.RunEntry r, int iteration, double seconds) {
    int left = Math.max(0, total - position);
    double avg = sessionRuns == 0 ? seconds : sessionSeconds / sessionRuns;
    String point = cell.point().isEmpty() ? "" : " " + Matrix.label(cell.point());
    out.printf(
        Locale.ROOT,
        "[%d/%d] %s · %s%s · iteration %d/%s · %.1f s · %s · ETA %s%n",
        position,
        total,
        cell.configuration().name(),
        cell.step().name(),
        point,
        iteration,
        cell.step().iterations().adaptive()
            ? "≤" + cell.step().iterations().max()
            : String.valueOf(cell.step().iterations().max()),
        seconds,
        r.status + (r.reason == null ? "" : " (" + r.reason + ")"),
        Durations.eta(avg * left));
    out.flush();
  }

  private void save() throws IOException {
    manifest.updateTime = Instant.now().toString();
    CellStatistics.update(manifest);
    manifest.write(dir);
    CampaignReport.write(manifest, dir);
  }

  private List<List<String>> commandLines(Matrix.Cell cell, int iteration) {
    List<List<String>> lines = new ArrayList<>();
    for (Campaign.Client c : cell.step().clients()) {
      lines.add(Matrix.commandLine(cell.step(), cell.configuration(), c, cell.point()));
    }
    return lines;
  }

  static String runId(Matrix.Cell cell, int iteration) {
    return cell.id() + "/" + iteration;
  }

  /** Ctrl-C: stop the current run, let the loop write the manifest and report, then exit. */
  private void onInterrupt() {
    stopping = true;
    for (StepExecutor.Execution e : current) {
      e.stop();
    }
    try {
      done.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A run's child left running by a killed campaign would write into the redone run: stop it. */
  private void stopOrphans(Manifest.RunEntry r) {
    String runDir = dir.resolve(r.dir).toString();
    List<ProcessHandle> stop = new ArrayList<>();
    if (r.pids != null) {
      for (long pid : r.pids) {
        ProcessHandle.of(pid)
            .filter(h -> h.info().commandLine().map(c -> c.contains(runDir)).orElse(false))
            .ifPresent(
                h -> {
                  h.descendants().forEach(stop::add); // e.g. the JMeter a jmeter run started
                  stop.add(h);
                });
      }
    }
    // A process still writing into the run directory whose parent is gone (a JMeter whose loadlab
    // was killed on its own).
    ProcessHandle.allProcesses()
        .filter(h -> h.info().commandLine().map(c -> writesInto(c, runDir)).orElse(false))
        .forEach(stop::add);
    for (ProcessHandle h : stop) {
      h.destroyForcibly();
      try {
        h.onExit().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        // Gone or stuck; the run directory is cleared either way.
      }
    }
  }

  /** True if a command line names {@code runDir} or a file in it (not {@code runDir}0…). */
  static boolean writesInto(String commandLine, String runDir) {
    int i = commandLine.indexOf(runDir);
    while (i >= 0) {
      int end = i + runDir.length();
      if (end == commandLine.length()
          || commandLine.charAt(end) == '/'
          || commandLine.charAt(end) == ' ') {
        return true;
      }
      i = commandLine.indexOf(runDir, end);
    }
    return false;
  }

  private static void deleteTree(Path p) {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      s.sorted(Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
    } catch (IOException e) {
      // Left behind; the rerun writes into it again.
    }
  }

  /** Short ETA texts. */
  static final class Durations {
    private Durations() {}

    static String eta(double seconds) {
      long s = Math.round(seconds);
      if (s < 60) {
        return s + "s";
      }
      if (s < 3600) {
        return (s / 60) + "m" + (s % 60 == 0 ? "" : String.format(Locale.ROOT, "%02ds", s % 60));
      }
      return (s / 3600) + "h" + String.format(Locale.ROOT, "%02dm", (s % 3600) / 60);
    }
  }
}
