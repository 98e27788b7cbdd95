package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.CampaignVars;
import io.loadlab.campaign.results.CampaignWarnings;
import io.loadlab.campaign.results.Combine;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.results.RunFigures;
import io.loadlab.core.run.RunControl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * How a finished run went, written into its manifest entry: ok, failed (with the first client's
 * reason) or aborted (stopped by the user, done again on resume), and its figures: one client's
 * own, or with several clients each client's and the whole run's (latency histograms merged where
 * every client wrote one).
 */
final class RunOutcome {
  private RunOutcome() {}

  /**
   * Fills in status, reason and figures of {@code r}.
   *
   * @param codes each client's exit code
   * @param figures each client's figures, read from its directory
   * @param dirs each client's directory
   * @param clients the step's clients (for their own options)
   * @param campaignDir the campaign directory, client directories are named relative to it
   * @param stopping true if the user is stopping the campaign
   */
  static void classify(
      Manifest.RunEntry r,
      List<Integer> codes,
      List<RunFigures> figures,
      List<Path> dirs,
      List<Campaign.Client> clients,
      Campaign.Configuration configuration,
      Path campaignDir,
      boolean stopping)
      throws IOException {
    String reason = null;
    boolean aborted = false;
    for (int i = 0; i < codes.size(); i++) {
      RunFigures f = figures.get(i);
      int code = codes.get(i);
      if (code == RunControl.EXIT_ABORTED || "aborted".equals(f.status())) {
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
    CampaignWarnings.classify(r, dirs);
    if (figures.size() == 1) {
      r.figures = figures.get(0).figures();
      double sd = figures.get(0).intervalSd();
      r.intervalSd = Double.isNaN(sd) ? null : sd;
      r.latencySdUs = orNull(Combine.latencySdUs(dirs, figures));
      return;
    }
    r.clients = new ArrayList<>();
    for (int i = 0; i < figures.size(); i++) {
      Manifest.ClientEntry c = new Manifest.ClientEntry();
      c.machine = dirs.get(i).getFileName().toString().replaceFirst("^\\d+-", "");
      c.dir = campaignDir.relativize(dirs.get(i)).toString();
      c.status = figures.get(i).status();
      c.figures = figures.get(i).figures();
      Map<String, String> own = new LinkedHashMap<>();
      clients
          .get(i)
          .options()
          .forEach((k, v) -> own.put(k, CampaignVars.substitute(v, configuration)));
      c.options = own.isEmpty() ? null : own;
      r.clients.add(c);
    }
    Histogram merged = Combine.merged(dirs, figures);
    r.figures = Combine.figures(figures, merged);
    Combine.qualified(dirs, figures, r.figures);
    r.latency = merged == null ? "worst-client" : "merged";
    double sd = Combine.intervalSd(figures);
    r.intervalSd = Double.isNaN(sd) ? null : sd;
    r.latencySdUs = orNull(Combine.latencySdUs(merged));
  }

  private static Double orNull(double v) {
    return Double.isNaN(v) ? null : v;
  }

  /**
   * The last error line a client printed (its log: {@code loadlab: …}, without the prefix), else
   * its last line, as the reason of a failure without one.
   */
  static String lastLine(Path clientDir) {
    Path log = clientDir.resolveSibling(clientDir.getFileName() + ".log");
    try (Stream<String> lines = Files.lines(log)) {
      String last = null;
      String error = null;
      for (String l : (Iterable<String>) lines.map(String::strip)::iterator) {
        if (!l.isEmpty()) {
          last = l;
        }
        if (l.startsWith("loadlab: ")) {
          error = l.substring("loadlab: ".length());
        }
      }
      return error != null ? error : last;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
