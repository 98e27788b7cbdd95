package io.loadlab.campaign;

import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.live.CampaignLive;
import io.loadlab.campaign.plan.CampaignPlan;
import io.loadlab.campaign.report.CampaignJunit;
import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.run.CampaignLock;
import io.loadlab.campaign.run.CampaignResume;
import io.loadlab.campaign.run.CampaignRunner;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.junit.JunitXml;
import io.loadlab.core.util.PathChecks;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The campaign engine's API for front-ends: read and check a campaign file, describe its plan, run
 * or resume it in a directory, and write a directory's report. Front-ends turn their options into
 * these calls and reach no other class of the engine (DependencyRulesTest).
 */
public final class Campaigns {
  /** The file a campaign directory records its runs in ({@code campaign.json}). */
  public static final String MANIFEST_FILE = Manifest.FILE;

  private final Campaign campaign;
  private String metricsAddress = "127.0.0.1";
  private int metricsPort;

  private Campaigns(Campaign campaign) {
    this.campaign = campaign;
  }

  /**
   * Reads and checks a campaign file, every problem found at once.
   *
   * @throws io.loadlab.core.failure.UsageException naming each problem
   */
  public static Campaigns read(Path file) {
    return new Campaigns(CampaignValidator.read(file, StepCommands.installed()::check));
  }

  /**
   * Reads and checks a campaign file; with {@code tryNetwork} also whether testbed hosts answer on
   * their SSH port (what was not tried is said on {@code err}).
   */
  public static Campaigns read(Path file, boolean tryNetwork, PrintStream err) {
    return new Campaigns(
        CampaignValidator.read(file, tryNetwork, err, StepCommands.installed()::check));
  }

  /** The campaign's name (its default directory is {@code campaigns/<name>}). */
  public String name() {
    return campaign.name();
  }

  /** The names {@code --retry-failed} may give: every configuration and every cell id, in order. */
  public Set<String> configurationsAndCells() {
    Set<String> known = new LinkedHashSet<>();
    campaign.configurations().forEach(conf -> known.add(conf.name()));
    Matrix.cells(campaign).forEach(cell -> known.add(cell.id()));
    return known;
  }

  /** The plan: matrix, machines and duration, estimated from {@code dir}'s measured runs if any. */
  public String plan(Path dir) {
    return CampaignPlan.describe(campaign, dir);
  }

  /**
   * Runs the campaign in {@code dir}, resuming what it holds: one run per directory at a time (a
   * lock), the plan printed first, then every run.
   *
   * @param restart start over where finished runs came from another version of the file
   * @param retry whether failed runs run again
   * @param retryNames configurations or cells whose failed runs run again; empty for all
   * @param junitCopy where the campaign's junit.xml (and its Surefire-layout files, beside it) is
   *     also copied at the end, or null
   * @return the exit code: 0, 1 if a run failed, 130 if stopped
   */
  /**
   * Serves the campaign's progress on {@code port} of {@code address} while it runs, each client
   * run's figures on the ports after it, and lists them in a {@code file_sd} targets file ({@link
   * CampaignLive}); port 0: none.
   */
  public void metrics(String address, int port) {
    this.metricsAddress = address;
    this.metricsPort = port;
  }

  public int run(
      Path dir,
      boolean restart,
      boolean retry,
      Set<String> retryNames,
      PrintStream out,
      Path junitCopy)
      throws Exception {
    CampaignResume.RetryFailed retryFailed =
        retry ? new CampaignResume.RetryFailed(true, retryNames) : CampaignResume.RetryFailed.NONE;
    if (retryFailed.any() && !Files.isRegularFile(dir.resolve(Manifest.FILE))) {
      // Checked before the lock: a refused campaign creates nothing.
      throw new UsageException(
          "--retry-failed: no campaign in " + Texts.cut(dir) + "; run without it first");
    }
    // One campaign run per directory, for as long as this one runs (CampaignLock).
    try (CampaignLock lock = take(dir)) {
      // Only now, holding the directory, prove it takes new files (the command line checked its
      // permissions without writing: a refused campaign writes nothing).
      PathChecks.probe("--output", dir.toString(), dir);
      CampaignRunner runner = new CampaignRunner(campaign, dir, out);
      runner.open(restart, retryFailed);
      CampaignLive live =
          metricsPort > 0
              ? CampaignLive.start(campaign.name(), metricsAddress, metricsPort, dir)
              : null;
      int code;
      try {
        if (live != null) {
          runner.live(live);
          out.println(
              "metrics: " + live.url() + " (targets: " + dir.resolve(CampaignLive.TARGETS) + ")");
          out.println("live page: " + live.pageUrl());
        }
        out.print(CampaignPlan.describe(campaign, dir, runner.retried()));
        code = runner.run();
        if (live != null) {
          live.ended(code);
        }
      } finally {
        if (live != null) {
          live.close();
        }
      }
      if (junitCopy != null) {
        // Both layouts: the Ant file and the Surefire files beside it.
        JunitXml.copy(dir.resolve(CampaignJunit.FILE), junitCopy);
      }
      return code;
    }
  }

  /**
   * The directory's lock; a directory that cannot be created or take the lock file is bad input
   * naming {@code --output}, as the command line's own check says it.
   */
  private static CampaignLock take(Path dir) throws IOException {
    try {
      return CampaignLock.take(dir);
    } catch (java.nio.file.FileSystemException e) {
      throw new UsageException(
          "--output: '"
              + Texts.cut(dir)
              + "' cannot be written: "
              + Texts.cut(e.getMessage())
              + "; name a writable directory");
    }
  }

  /**
   * Rewrites a campaign directory's campaign.json (statistics) and report from its {@code
   * campaign.json} at {@code file}: the report's Markdown on {@code out}, the time taken on {@code
   * err}.
   */
  public static void report(Path file, PrintStream out, PrintStream err) throws IOException {
    long t0 = System.nanoTime();
    Manifest m = Manifest.read(file);
    CellStatistics.update(m);
    Path campaignDir = file.toAbsolutePath().getParent();
    m.write(campaignDir);
    out.print(CampaignReport.write(m, campaignDir));
    err.printf(
        java.util.Locale.ROOT,
        "campaign.json and report.md of %d runs written in %.0f ms%n",
        m.runs.size(),
        (System.nanoTime() - t0) / 1e6);
  }
}
