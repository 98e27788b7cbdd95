package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.live.CampaignLive;
import io.loadlab.campaign.plan.RunTimes;
import io.loadlab.campaign.results.CampaignCriteria;
import io.loadlab.campaign.results.HostLoad;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.results.RunFigures;
import io.loadlab.campaign.step.StepOperations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Runs the clients of one campaign run: a child {@code loadlab} per client of the step, each where
 * its machine is, all at once; waits for them, then reads their figures and criteria and classifies
 * the run ({@link RunOutcome}). Kept apart from {@link CampaignRunner}, which walks the
 * configurations and cells and keeps the manifest.
 */
final class RunClients {
  private final Path dir;
  private final String campaignName;
  private final CampaignChildren children;
  private final BooleanSupplier stopping;
  private volatile List<StepExecutor.Execution> current = List.of();
  private long childNanos;
  private CampaignLive live;

  /**
   * @param dir the campaign directory
   * @param campaignName the campaign's name, for the executors
   * @param children where each child is recorded when it starts and ends
   * @param stopping true once the campaign is being stopped (Ctrl-C)
   */
  RunClients(Path dir, String campaignName, CampaignChildren children, BooleanSupplier stopping) {
    this.dir = dir;
    this.campaignName = campaignName;
    this.children = children;
    this.stopping = stopping;
  }

  /**
   * Runs run {@code r} of {@code cell}, writing the manifest while its children run (their pids);
   * returns its measured time (see {@link RunTimes#measuredSeconds}), or null.
   */
  Double execute(Matrix.Cell cell, Manifest.RunEntry r, TestbedMachines machines, Manifest manifest)
      throws IOException, InterruptedException {
    Path runDir = dir.resolve(r.dir);
    Files.createDirectories(runDir.getParent());
    List<Campaign.Client> clients = cell.step().clients();
    List<StepExecutor.Execution> started = new ArrayList<>();
    GuestCpu guestCpu = GuestCpu.start(cell.step(), machines);
    r.hostLoad = HostLoad.starting();
    long childStart = System.nanoTime();
    List<Path> clientDirs = new ArrayList<>();
    for (int c = 0; c < clients.size(); c++) {
      Path clientDir = Matrix.clientDir(runDir, cell.step(), c);
      clientDirs.add(clientDir);
      List<String> args = new ArrayList<>(r.commandLines.get(c));
      args.add("--quiet");
      args.addAll(GuestVirtualization.testbedArgs(dir, cell.configuration(), args));
      if (live != null) {
        args.addAll(live.clientArgs(cell, c, clients.get(c).machine()));
      }
      StepExecutor ex =
          StepExecutors.forClient(
              cell.configuration(), clients.get(c), machines, dir, campaignName);
      Path log = clientDir.resolveSibling(clientDir.getFileName() + ".log");
      StepExecutor.Execution e = ex.start(args, clientDir, log);
      children.started(e, "run", clients.get(c).machine(), args);
      started.add(e);
    }
    current = started;
    r.pids = started.stream().map(StepExecutor.Execution::pid).filter(p -> p > 0).toList();
    manifest.write(dir);
    List<Integer> codes = new ArrayList<>();
    for (StepExecutor.Execution e : started) {
      codes.add(e.waitFor());
      children.ended(e);
    }
    current = List.of();
    childNanos = System.nanoTime() - childStart;
    if (r.hostLoad != null) {
      r.hostLoad.ending();
    }
    r.pids = null;
    List<RunFigures> figures = new ArrayList<>();
    for (Path d : clientDirs) {
      figures.add(
          RunFigures.read(
              d,
              StepOperations.reported(cell.step()),
              StepOperations.qualified(cell.step().figures())));
    }
    RunOutcome.classify(
        r, codes, figures, clientDirs, clients, cell.configuration(), dir, stopping.getAsBoolean());
    r.criteria = CampaignCriteria.verdicts(clientDirs);
    if (guestCpu != null) {
      guestCpu.finish(r, runDir, clientDirs, clients);
    }
    return RunTimes.measuredSeconds(clientDirs);
  }

  /** The time the last run's children took, from starting the first to the last one's end. */
  long childNanos() {
    return childNanos;
  }

  /** Gives each client the options of its live endpoint. */
  void live(CampaignLive live) {
    this.live = live;
  }

  /** Stops the children of the run under way, if any. */
  void stop() {
    for (StepExecutor.Execution e : current) {
      e.stop();
    }
  }
}
