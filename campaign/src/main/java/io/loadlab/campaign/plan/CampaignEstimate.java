package io.loadlab.campaign.plan;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How long a campaign (or what is left of it) takes, in the parts the plan prints: the runs'
 * measured time, their start-up (processes, files, bookkeeping; see {@link RunTimes}), and the
 * configurations around them (bring-up, services, setup, bring-down; see {@link
 * ConfigurationTimes}). The plan's total and the ETA while it runs are both this sum.
 *
 * @param runs seconds the runs left measure (warmup and duration)
 * @param startUps seconds around them
 * @param configurations seconds to bring the configurations with runs left up and down
 */
public record CampaignEstimate(double runs, double startUps, double configurations) {

  public double total() {
    return runs + startUps + configurations;
  }

  /**
   * What is left: the runs of {@code cells} from index {@code from} on that {@code done} has not
   * ({@code min} or {@code max} iterations each), every configuration that has such runs, except
   * that {@code current} (up now; may be null) is only brought down.
   */
  public static CampaignEstimate left(
      List<Matrix.Cell> cells,
      int from,
      Manifest done,
      boolean max,
      RunTimes times,
      ConfigurationTimes confTimes,
      Campaign.Configuration current) {
    Map<String, Integer> runsDone = new HashMap<>();
    Set<String> ids = new HashSet<>();
    for (Manifest.RunEntry r : done.runs) {
      runsDone.merge(r.cell, 1, Integer::sum);
      ids.add(r.id);
    }
    double runs = 0;
    double startUps = 0;
    double configurations = current == null ? 0 : confTimes.of(current).down();
    Set<Campaign.Configuration> counted = new HashSet<>();
    if (current != null) {
      counted.add(current);
    }
    for (int i = Math.max(0, from); i < cells.size(); i++) {
      Matrix.Cell cell = cells.get(i);
      int n = RunTimes.runsLeft(cell, runsDone, max);
      if (n == 0) {
        continue;
      }
      // Failed runs being run again take their own time (RunTimes.retrying); the rest the step's.
      for (int k = 1; k <= cell.step().iterations().max() && n > 0; k++) {
        String id = cell.runId(k);
        if (!ids.contains(id) && times.isRetried(id)) {
          double[] t = times.retried(id, cell);
          runs += t[0];
          startUps += t[1];
          n--;
        }
      }
      runs += n * times.work(cell.configuration(), cell.step());
      startUps += n * times.startUp(cell.configuration(), cell.step());
      if (counted.add(cell.configuration())) {
        configurations += confTimes.of(cell.configuration()).total();
      }
    }
    return new CampaignEstimate(runs, startUps, configurations);
  }

  /**
   * The plan's text of an estimate from {@code min} to {@code max}: e.g. {@code about 6m05s: runs
   * 3m12s, start-up of runs 1m20s, configurations 1m33s (lab up, 4 services)}.
   *
   * @param what what the configurations' part is made of (empty: nothing named)
   */
  static String describe(CampaignEstimate min, CampaignEstimate max, String what) {
    StringBuilder sb = new StringBuilder("about ").append(range(min.total(), max.total()));
    sb.append(": runs ").append(range(min.runs(), max.runs()));
    sb.append(", start-up of runs ").append(range(min.startUps(), max.startUps()));
    if (max.configurations() > 0) {
      sb.append(", configurations ").append(range(min.configurations(), max.configurations()));
      if (!what.isEmpty()) {
        sb.append(" (").append(what).append(')');
      }
    }
    return sb.toString();
  }

  private static String range(double min, double max) {
    String a = Eta.format(min);
    String b = Eta.format(max);
    return a.equals(b) ? a : a + " to " + b;
  }
}
