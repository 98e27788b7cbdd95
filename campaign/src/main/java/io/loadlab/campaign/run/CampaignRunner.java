package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Iterations;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.live.CampaignLive;
import io.loadlab.campaign.plan.CampaignEstimate;
import io.loadlab.campaign.plan.ConfigurationTimes;
import io.loadlab.campaign.plan.Eta;
import io.loadlab.campaign.plan.RunTimes;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.GuestLabPhases;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.run.RunControl;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs a campaign: configuration by configuration (brought up, run, brought down), every cell's
 * iterations, each run a child {@code loadlab} writing the ordinary run directory under the
 * campaign directory. {@code campaign.json} is written before and after every run, so a killed
 * campaign resumes where it stopped: finished runs are kept, the interrupted one is done again.
 */
public final class CampaignRunner {
  private final Campaign campaign;
  private final Path dir;
  private final CampaignChildren children;
  private final PrintStream out;
  private final ConfigurationControl control;
  private final CountDownLatch done = new CountDownLatch(1);
  private volatile boolean stopping;
  private final RunClients clients;
  private final List<String> pendingRedo = new ArrayList<>();
  private final java.util.Map<String, List<Manifest.Attempt>> pendingRetry =
      new java.util.HashMap<>();
  private Manifest manifest;
  private TestbedMachines machines;
  private int position;
  private int total;
  private List<Matrix.Cell> cells = List.of();
  private RunTimes times = new RunTimes();
  private long childNanos;
  private CampaignLive live;

  public CampaignRunner(Campaign campaign, Path dir, PrintStream out) {
    this.campaign = campaign;
    this.dir = dir;
    this.children = new CampaignChildren(dir);
    this.out = out;
    this.control = new ConfigurationControl(dir);
    this.clients = new RunClients(dir, campaign.name(), children, () -> stopping);
  }

  /** Serves the campaign's progress, its live page and its clients' endpoints. */
  public void live(CampaignLive live) {
    this.live = live;
    clients.live(live);
    live.watch(cells, manifest, this::cellDone);
  }

  /**
   * Opens the campaign directory: a new manifest, or the existing one if its finished runs are the
   * ones this file would make (refused otherwise, unless {@code restart}); see CampaignResume.
   */
  public void open(boolean restart) throws IOException {
    open(restart, CampaignResume.RetryFailed.NONE);
  }

  /** As {@link #open(boolean)}, running again the failed runs {@code retry} covers. */
  public void open(boolean restart, CampaignResume.RetryFailed retry) throws IOException {
    CampaignResume resume = new CampaignResume(campaign, dir, out);
    manifest = resume.open(restart, retry);
    pendingRedo.addAll(resume.redone());
    pendingRetry.putAll(resume.retried());
    cells = Matrix.cells(campaign);
    times = RunTimes.of(cells, manifest);
    times.retrying(pendingRetry, cells);
  }

  /** The failed runs this campaign runs again, each with its earlier attempts (oldest first). */
  public java.util.Map<String, List<Manifest.Attempt>> retried() {
    return java.util.Map.copyOf(pendingRetry);
  }

  /** The machines the runs of these cells come from (lab hosts or testbed machines; not here). */
  private static java.util.Set<String> clientMachines(List<Matrix.Cell> cells) {
    java.util.Set<String> machines = new java.util.LinkedHashSet<>();
    for (Matrix.Cell cell : cells) {
      for (Campaign.Client client : cell.step().clients()) {
        if (client.machine() != null) {
          machines.add(client.machine());
        }
      }
    }
    return machines;
  }

  /** Runs what is not finished yet; returns the exit code (0 ok, 1 a run failed, 130 stopped). */
  public int run() throws IOException, InterruptedException {
    Thread hook = new Thread(this::onInterrupt, "loadlab-campaign-sigint");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
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
        out.println("configuration " + conf.name() + ": " + conf.control());
        Manifest.ConfigurationTime took = new Manifest.ConfigurationTime();
        long t0 = System.nanoTime();
        java.time.Instant upStart = java.time.Instant.now();
        String upFailure = control.up(conf);
        Services services = new Services(children);
        if (upFailure == null) {
          took.upSeconds = secondsSince(t0);
          upFailure = services.start(conf, dir.resolve("configurations"), clientMachines(mine));
          if (upFailure == null) {
            took.servicesSeconds = rounded(services.serverSeconds());
            took.setupSeconds = rounded(services.setupSeconds());
          }
          recordTimes(conf, took);
        }
        java.time.Instant upEnd = java.time.Instant.now();
        if (upFailure == null && conf.kind() == Campaign.Kind.TESTBED) {
          machines = new TestbedMachines(conf.file());
          GuestLabRecords.up(
              conf, dir.resolve("configurations"), machines, manifest, took, upStart);
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
          long down = System.nanoTime();
          if (machines != null) {
            machines.close();
            machines = null;
          }
          services.stop();
          String downFailure = control.down(conf);
          if (downFailure != null) {
            out.println("configuration " + conf.name() + ": " + downFailure);
          } else if (upFailure == null) {
            took.downSeconds = secondsSince(down);
          }
          if (upFailure == null && conf.kind() == Campaign.Kind.TESTBED) {
            java.time.Instant downEnd = java.time.Instant.now();
            java.time.Instant downStart = downEnd.minusNanos(System.nanoTime() - down);
            took.phases =
                GuestLabRecords.phases(
                    conf, dir.resolve("configurations"), upStart, upEnd, downStart, downEnd);
            out.println(
                "configuration " + conf.name() + ": " + GuestLabPhases.describe(took.phases));
            save();
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
      return stopping ? RunControl.EXIT_ABORTED : anyFailed ? 1 : 0;
    } finally {
      done.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // Shutting down: the hook waits for done.
      }
    }
  }

  /** Keeps what bringing {@code conf} up took, for the ETA and later plans. */
  private void recordTimes(Campaign.Configuration conf, Manifest.ConfigurationTime took) {
    if (manifest.configurationTimes == null) {
      manifest.configurationTimes = new java.util.LinkedHashMap<>();
    }
    io.loadlab.campaign.results.BringUps.record(manifest.configurationTimes, conf.name(), took);
  }

  private static Double secondsSince(long t0) {
    return rounded((System.nanoTime() - t0) / 1e9);
  }

  private static Double rounded(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
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
      Manifest.RunEntry existing = manifest.run(cell.runId(i));
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
    r.id = cell.runId(iteration);
    r.cell = cell.id();
    r.configuration = cell.configuration().name();
    r.step = cell.step().name();
    r.point = cell.point();
    r.iteration = iteration;
    r.dir = cell.runDir(iteration);
    r.commandLines = cell.commandLines();
    r.wrappers = Manifest.wrappers(cell.step());
    r.startTime = Instant.now().toString();
    if (pendingRedo.remove(r.id)) {
      r.redone = true;
    }
    r.attempts = pendingRetry.remove(r.id);
    manifest.runs.add(r);
    Double measured = null;
    if (upFailure != null) {
      r.status = "failed";
      r.reason = "configuration " + cell.configuration().name() + " did not come up: " + upFailure;
    } else {
      r.status = "running";
      manifest.write(dir);
      if (live != null) {
        live.running(
            cell,
            cell.step().clients().stream().map(Campaign.Client::machine).toList(),
            count("ok"),
            count("failed"),
            total - position,
            -1);
      }
      measured = clients.execute(cell, r, machines, manifest);
      childNanos = clients.childNanos();
    }
    r.endTime = Instant.now().toString();
    double seconds = (System.nanoTime() - t0) / 1e9;
    r.seconds = Math.round(seconds * 1000) / 1000.0;
    if (measured != null) {
      r.overheadSeconds = rounded(Math.max(0, seconds - measured));
    }
    save();
    // The campaign's own time around the run: matrix, manifest, figures, statistics, report.
    r.bookkeepingMs = Math.round(((System.nanoTime() - t0) - childNanos) / 1e5) / 10.0;
    childNanos = 0;
    times.add(cell.step(), r);
    progress(cell, r, iteration, seconds);
    return r;
  }

  private void progress(Matrix.Cell cell, Manifest.RunEntry r, int iteration, double seconds) {
    // The runs left (measured per step, start-up included) and the configurations around them.
    double left =
        CampaignEstimate.left(
                cells,
                cells.indexOf(cell),
                manifest,
                true,
                times,
                new ConfigurationTimes(manifest.configurationTimes).in(campaign.configurations()),
                cell.configuration())
            .total();
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
        Eta.format(left));
    out.flush();
    if (live != null) {
      live.progress(count("ok"), count("failed"), total - position, left);
    }
  }

  private long count(String status) {
    return manifest.runs.stream().filter(e -> status.equals(e.status)).count();
  }

  private void save() throws IOException {
    manifest.updateTime = Instant.now().toString();
    CellStatistics.update(manifest);
    manifest.write(dir);
    CampaignReport.write(manifest, dir);
  }

  /** Ctrl-C: stop the current run, let the loop write the manifest and report, then exit. */
  private void onInterrupt() {
    stopping = true;
    clients.stop();
    try {
      done.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
