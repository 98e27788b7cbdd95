package io.loadlab.campaign.report;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.junit.JunitSuite;
import io.loadlab.core.junit.JunitXml;
import io.loadlab.core.junit.RunSuite;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The campaign's {@code junit.xml}, for CI: one test suite per configuration and step, with a case
 * per finished run (failed with its reason) and one per criterion verdict of each run (failed with
 * the measured value). Rewritten with the report after every run, so a killed campaign keeps it.
 */
public final class CampaignJunit {
  /** The file's name in the campaign directory. */
  public static final String FILE = "junit.xml";

  private CampaignJunit() {}

  static void write(Manifest m, Path dir) throws IOException {
    Map<String, List<Manifest.RunEntry>> bySuite = new LinkedHashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      if (!"running".equals(r.status)) {
        bySuite.computeIfAbsent(r.configuration + "/" + r.step, k -> new ArrayList<>()).add(r);
      }
    }
    List<JunitSuite> suites = new ArrayList<>();
    bySuite.forEach((key, runs) -> suites.add(suite(m.campaign + ": " + key, runs)));
    JunitXml.write(suites, dir.resolve(FILE));
  }

  private static JunitSuite suite(String name, List<Manifest.RunEntry> runs) {
    List<JunitSuite.Case> cases = new ArrayList<>();
    double seconds = 0;
    for (Manifest.RunEntry r : runs) {
      double s = r.seconds == null ? 0 : r.seconds;
      seconds += s;
      String run = runName(r);
      // "client 2: exit 1: criteria not met: ..." is carried by that criterion's own failed case.
      String why =
          r.reason == null ? null : r.reason.replaceFirst("^(client \\d+: )?exit \\d+: ", "");
      boolean carried = RunSuite.carriedByChecks(why, false, RunSuite.anyFailed(r.criteria));
      cases.add(RunSuite.status(name, run, s, status(r.status), r.reason, carried));
      cases.addAll(RunSuite.criteria(name, run + ": ", r.criteria));
    }
    return new JunitSuite(name, RunSuite.timestamp(runs.get(0).startTime), seconds, cases);
  }

  /** {@code users=10 iteration 2}, or {@code iteration 2} without a sweep. */
  private static String runName(Manifest.RunEntry r) {
    String point = r.point == null || r.point.isEmpty() ? "" : Matrix.label(r.point) + " ";
    return point + "iteration " + r.iteration;
  }

  private static RunStatus status(String s) {
    try {
      return s == null ? null : RunStatus.valueOf(s.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
