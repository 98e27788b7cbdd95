package io.loadlab.campaign.file;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The campaign's matrix: configurations × steps × sweep points (cells), each run for its
 * iterations. Runs go cell by cell, iterations of a cell together, as the seeds' loops did.
 */
public final class Matrix {
  private Matrix() {}

  /** One configuration × step × sweep point. */
  public record Cell(
      Campaign.Configuration configuration, Campaign.Step step, Map<String, String> point) {
    /** {@code bare/rr/users=10}: the stable key of the cell in the manifest. */
    public String id() {
      return configuration.name() + "/" + step.name() + "/" + label(point);
    }

    /** The run directory of iteration {@code i}, relative to the campaign directory. */
    public String runDir(int iteration) {
      return "runs/"
          + configuration.name()
          + "/"
          + step.name()
          + "/"
          + dirName(point)
          + "/"
          + iteration;
    }

    /** {@code bare/rr/users=10/2}: the stable key of iteration {@code i} in the manifest. */
    public String runId(int iteration) {
      return id() + "/" + iteration;
    }

    /** The {@code loadlab} arguments of each client of a run of this cell (see commandLine). */
    public List<List<String>> commandLines() {
      List<List<String>> lines = new ArrayList<>();
      for (Campaign.Client c : step.clients()) {
        lines.add(commandLine(step, configuration, c, point));
      }
      return lines;
    }
  }

  /** The cells in run order. */
  public static List<Cell> cells(Campaign c) {
    List<Cell> cells = new ArrayList<>();
    for (Campaign.Configuration conf : c.configurations()) {
      for (Campaign.Step step : c.steps()) {
        for (Map<String, String> point : points(step.sweep())) {
          cells.add(new Cell(conf, step, point));
        }
      }
    }
    return cells;
  }

  /** Every combination of the sweep's values, the first option varying slowest. */
  public static List<Map<String, String>> points(Map<String, List<String>> sweep) {
    List<Map<String, String>> points = new ArrayList<>();
    points.add(new LinkedHashMap<>());
    for (Map.Entry<String, List<String>> e : sweep.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> p : points) {
        for (String v : e.getValue()) {
          Map<String, String> q = new LinkedHashMap<>(p);
          q.put(e.getKey(), v);
          next.add(q);
        }
      }
      points = next;
    }
    return points;
  }

  /** {@code size=64 users=10}, or {@code -} for a step without a sweep. */
  public static String label(Map<String, String> point) {
    if (point.isEmpty()) {
      return "-";
    }
    List<String> parts = new ArrayList<>();
    point.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(" ", parts);
  }

  private static String dirName(Map<String, String> point) {
    String l = point.isEmpty() ? "default" : label(point).replace(' ', '_');
    return l.replaceAll("[^A-Za-z0-9=_.,-]", "_");
  }

  /**
   * The {@code loadlab} arguments of one client's run at a sweep point in a configuration, without
   * the output options the runner adds.
   */
  public static List<String> commandLine(
      Campaign.Step step,
      Campaign.Configuration conf,
      Campaign.Client client,
      Map<String, String> point) {
    Map<String, String> options = new LinkedHashMap<>(step.options());
    options.putAll(client.options());
    options.putAll(point);
    List<String> args = new ArrayList<>(List.of(step.command().split(" ")));
    for (Map.Entry<String, String> e : options.entrySet()) {
      String key = e.getKey();
      String value = CampaignVars.substitute(e.getValue(), conf);
      int dot = key.indexOf('.');
      if (dot > 0) {
        // property.threads: 10 is --property threads=10
        args.add("--" + key.substring(0, dot));
        args.add(key.substring(dot + 1) + "=" + value);
        continue;
      }
      if (key.equals("remote") && JmeterSteps.isJmeter(step.command())) {
        value = JmeterSteps.remote(value, conf);
      }
      args.add("--" + key);
      if (!e.getValue().isEmpty()) {
        args.add(value);
      }
    }
    if (!options.containsKey("label")) {
      args.add("--label");
      args.add(conf.name());
    }
    if (conf.kind() == Campaign.Kind.LAB && !options.containsKey("testbed")) {
      args.add("--testbed");
      args.add(conf.labStateDir().resolve("lab.json").toString());
    }
    return args;
  }

  /** Where one client of a run writes: the run directory, or a subdirectory per client. */
  public static Path clientDir(Path runDir, Campaign.Step step, int index) {
    if (step.clients().size() == 1) {
      return runDir;
    }
    Campaign.Client c = step.clients().get(index);
    return runDir.resolve((index + 1) + "-" + (c.machine() == null ? "here" : c.machine()));
  }
}
