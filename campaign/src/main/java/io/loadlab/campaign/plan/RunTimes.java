package io.loadlab.campaign.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Iterations;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.util.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long a campaign's runs take, for the plan's estimate and the ETA while it runs, in two parts:
 * a run's measured time (its result.json's start to end: warmup, the run, its phases) and its
 * start-up (the rest of its wall time: its processes' start and end, connecting, its files; plus
 * the campaign's own bookkeeping per run). A step's run takes what its measured runs took on
 * average; a step with no measured run yet takes what its options give ({@code duration} or {@code
 * run-time}, plus {@code warmup}; and {@value #RUN_START_SECONDS} s to start, {@value
 * #EXTRA_CLIENT_SECONDS} s more per extra client, and per client over SSH {@value
 * #SSH_CLIENT_START_SECONDS} s more to start and {@value #SSH_RESULT_COPY_SECONDS} s to copy its
 * results back), each part times how much longer the measured runs of other steps took than their
 * options gave. Only finished runs ({@code ok} or {@code failed}) of this campaign file count: a
 * run whose command lines are not the ones its cell has now is left out, as a resumed campaign
 * would refuse it.
 *
 * <p>While a campaign runs, its ETA asks per configuration and step ({@link
 * #work(Campaign.Configuration, Campaign.Step)}): a configuration's runs may all fail in a second
 * (a broker nothing listens on) while another's take their full duration, so a step's average over
 * both fits neither. See {@link RunFactors}.
 */
public final class RunTimes {
  /** A run's start and end around its measured time, one client: a JVM, connecting, its files. */
  static final double RUN_START_SECONDS = 1.5;

  /** Each client after the first: another JVM on the same 2 cores, or one over SSH. */
  static final double EXTRA_CLIENT_SECONDS = 1.5;

  /**
   * Each client over SSH (a lab's sshd host, a testbed's machine; {@link SshClients}), before its
   * JVM starts: the SSH session's channel and the shell that removes an earlier run's directory,
   * writes the pid file and execs the launcher, one client after the other. Measured with the SSH
   * rehearsal (examples/net-transactions/rehearsal-ssh.yaml: two clients of a 10 s {@code net rr}
   * in sshd hosts of a lab) on the shared 2-core machine, at nice 0 in a session of its own
   * (docs/campaigns.md, "The rehearsals measured"): at a load average near 10 its clients' results
   * began 1.2-2.7 s after the run did, where a client in a lab host's namespace takes 0.8-1.5 s of
   * start-up in all (start and end) on the quiet machine.
   */
  static final double SSH_CLIENT_START_SECONDS = 0.75;

  /**
   * Each client over SSH after its run ends: its run directory copied back (SCP over the session)
   * and removed there, one client after the other, the next only once the previous is back. At a
   * load average near 10 the SSH rehearsal's runs ended 2.3-3.6 s after their last client's result
   * did (both clients' copies and the remote JVMs' ends; about 0.5 s for clients here), and its
   * runs' start-up (everything but the measured time) was 4.6-5.1 s; 4-18 s at a load of 25-50.
   */
  static final double SSH_RESULT_COPY_SECONDS = 1.25;

  /** The campaign's own time per run: its manifest, statistics and report, written again. */
  static final double BOOKKEEPING_SECONDS = 0.2;

  /** Assumed when a step gives no --duration (the commands' default is 10 s for most). */
  static final double DEFAULT_SECONDS = 10;

  /** Per step name: {sum of measured seconds, sum of start-up seconds, runs}. */
  private final Map<String, double[]> measured = new HashMap<>();

  private double measuredWork;
  private double plannedWork;
  private double measuredStartUp;
  private double plannedStartUp;
  private double bookkeepingSeconds;
  private int bookkept;
  private int measuredRuns;
  private int foreignRuns;
  private final List<Manifest.RunEntry> kept = new ArrayList<>();

  /**
   * Failed runs being run again: id to {measured, start-up} seconds when last measured, or null.
   */
  private final Map<String, double[]> retried = new HashMap<>();

  /** The configurations of the runs learnt or asked about, by name: which clients use SSH. */
  private final Map<String, Campaign.Configuration> configurations = new HashMap<>();

  /** Per configuration and step name: its clients over SSH. */
  private final Map<List<String>, Integer> sshClients = new HashMap<>();

  private final RunFactors workFactors = new RunFactors();
  private final RunFactors startUpFactors = new RunFactors();

  /** Times of {@code c}'s runs with nothing measured yet. */
  public RunTimes() {}

  /** Times learnt from the finished runs in {@code m} that the cells of {@code c} would make. */
  public static RunTimes of(List<Matrix.Cell> cells, Manifest m) {
    RunTimes t = new RunTimes();
    Map<String, Matrix.Cell> byId = new HashMap<>();
    cells.forEach(cell -> byId.put(cell.id(), cell));
    cells.forEach(cell -> t.knows(cell.configuration()));
    Map<String, List<List<String>>> lines = new HashMap<>();
    for (Manifest.RunEntry r : m.runs) {
      if (!finished(r)) {
        continue;
      }
      Matrix.Cell cell = byId.get(r.cell);
      List<List<String>> now =
          cell == null ? null : lines.computeIfAbsent(r.cell, id -> cell.commandLines());
      if (now == null || !now.equals(r.commandLines)) {
        t.foreignRuns++;
      } else {
        t.add(cell.step(), r);
        t.kept.add(r);
      }
    }
    return t;
  }

  private static boolean finished(Manifest.RunEntry r) {
    return ("ok".equals(r.status) || "failed".equals(r.status)) && r.seconds != null;
  }

  /**
   * The failed runs about to be run again ({@code --retry-failed}), by id, with their attempts:
   * each takes what it took when it last ran long enough to measure, else what a run of its step in
   * its configuration takes by the ok runs (never its fast failure: a refused connection says
   * nothing of the run that works).
   */
  public void retrying(Map<String, List<Manifest.Attempt>> attempts, List<Matrix.Cell> cells) {
    Map<String, Matrix.Cell> byRun = new HashMap<>();
    for (Matrix.Cell cell : cells) {
      for (int i = 1; i <= cell.step().iterations().max(); i++) {
        byRun.put(cell.runId(i), cell);
      }
    }
    attempts.forEach(
        (id, list) -> {
          Matrix.Cell cell = byRun.get(id);
          if (cell == null) {
            return;
          }
          double[] took = null;
          for (Manifest.Attempt a : list) {
            if (measuredLongEnough(cell.step(), a.seconds, a.overheadSeconds)) {
              took = new double[] {a.seconds - a.overheadSeconds, a.overheadSeconds};
            }
          }
          retried.put(id, took);
        });
  }

  /**
   * True if a run of {@code step} that took {@code seconds}, {@code overhead} of them outside its
   * measured time, measured at least half of what its options ask: one that failed at its start (a
   * refused connection) measured next to nothing.
   */
  static boolean measuredLongEnough(Campaign.Step step, Double seconds, Double overhead) {
    return seconds != null
        && overhead != null
        && seconds - overhead >= 0.5 * plannedWork(step)
        && seconds - overhead > 0;
  }

  /** True if run {@code id} is a failed run being run again. */
  boolean isRetried(String id) {
    return retried.containsKey(id);
  }

  /**
   * The seconds retried run {@code id} of {@code cell} is expected to take, its measured time and
   * its start-up with bookkeeping: see {@link #retrying}.
   */
  double[] retried(String id, Matrix.Cell cell) {
    double[] took = retried.get(id);
    double bookkeeping = bookkept == 0 ? BOOKKEEPING_SECONDS : bookkeepingSeconds / bookkept;
    if (took != null) {
      return new double[] {took[0], took[1] + bookkeeping};
    }
    String conf = cell.configuration().name();
    Campaign.Step step = cell.step();
    knows(cell.configuration());
    return new double[] {
      workFactors.expectedOk(conf, step.name(), plannedWork(step)),
      startUpFactors.expectedOk(conf, step.name(), plannedStartUp(conf, step)) + bookkeeping
    };
  }

  /** Learns from run {@code r} of {@code step}, if it finished. */
  public void add(Campaign.Step step, Manifest.RunEntry r) {
    if (!finished(r)) {
      return;
    }
    String conf = r.configuration == null ? "" : r.configuration;
    double planned = plannedStartUp(conf, step);
    // A run recorded before overheadSeconds existed: the default start-up, the rest measured.
    double startUp = Math.min(r.seconds, r.overheadSeconds != null ? r.overheadSeconds : planned);
    double work = r.seconds - startUp;
    double[] s = measured.computeIfAbsent(step.name(), k -> new double[3]);
    s[0] += work;
    s[1] += startUp;
    s[2]++;
    measuredWork += work;
    plannedWork += plannedWork(step);
    measuredStartUp += startUp;
    plannedStartUp += planned;
    if (r.bookkeepingMs != null) {
      bookkeepingSeconds += r.bookkeepingMs / 1000;
      bookkept++;
    }
    measuredRuns++;
    boolean ok = "ok".equals(r.status);
    workFactors.add(conf, step.name(), work, plannedWork(step), ok);
    startUpFactors.add(conf, step.name(), startUp, planned, ok);
  }

  /**
   * The seconds a run of {@code step} in configuration {@code conf} takes that its result measures:
   * as that configuration's runs of the step took, else as its other steps took against the same
   * steps elsewhere, else as the step took elsewhere (see {@link RunFactors}).
   */
  double work(Campaign.Configuration conf, Campaign.Step step) {
    return workFactors.expected(conf.name(), step.name(), plannedWork(step));
  }

  /** As {@link #work(Campaign.Configuration, Campaign.Step)} for the seconds around it. */
  double startUp(Campaign.Configuration conf, Campaign.Step step) {
    double bookkeeping = bookkept == 0 ? BOOKKEEPING_SECONDS : bookkeepingSeconds / bookkept;
    knows(conf);
    return startUpFactors.expected(conf.name(), step.name(), plannedStartUp(conf.name(), step))
        + bookkeeping;
  }

  /** The seconds a run of {@code step} is expected to take: {@link #work} and {@link #startUp}. */
  double seconds(Campaign.Step step) {
    return work(step) + startUp(step);
  }

  /**
   * As {@link #seconds(Campaign.Step)} for the step's runs in configuration {@code on}, whose
   * clients may run over SSH.
   */
  double seconds(Campaign.Step step, Campaign.Configuration on) {
    return work(step) + startUp(step, on);
  }

  /** The seconds of a run of {@code step} that its result measures. */
  double work(Campaign.Step step) {
    double[] s = measured.get(step.name());
    if (s != null) {
      return s[0] / s[2];
    }
    return scaled(plannedWork(step), measuredWork, plannedWork);
  }

  /** The seconds around a run of {@code step}'s measured time, bookkeeping included. */
  double startUp(Campaign.Step step) {
    return startUp(step, null);
  }

  /**
   * As {@link #startUp(Campaign.Step)} for the step's runs in configuration {@code on} (null: as if
   * no client ran over SSH).
   */
  double startUp(Campaign.Step step, Campaign.Configuration on) {
    double[] s = measured.get(step.name());
    double bookkeeping = bookkept == 0 ? BOOKKEEPING_SECONDS : bookkeepingSeconds / bookkept;
    if (s != null) {
      return s[1] / s[2] + bookkeeping;
    }
    double planned = plannedStartUp(step, on == null ? 0 : sshClients(on, step));
    return scaled(planned, measuredStartUp, plannedStartUp) + bookkeeping;
  }

  private double scaled(double planned, double measuredSum, double plannedSum) {
    return measuredRuns == 0 || plannedSum <= 0 ? planned : planned * measuredSum / plannedSum;
  }

  /** Measured runs of {@code step}. */
  int measuredRuns(Campaign.Step step) {
    double[] s = measured.get(step.name());
    return s == null ? 0 : (int) s[2];
  }

  /** Measured runs of every step. */
  int measuredRuns() {
    return measuredRuns;
  }

  /** The finished runs of this file {@link #of} learnt from: what a resumed campaign keeps. */
  List<Manifest.RunEntry> kept() {
    return kept;
  }

  /** Finished runs left out: their cell is gone or has other command lines now. */
  int foreignRuns() {
    return foreignRuns;
  }

  /**
   * The runs of {@code cell} not yet in {@code done}: {@code min} (or {@code max}) iterations, less
   * the runs it has.
   */
  static int runsLeft(Matrix.Cell cell, Map<String, Integer> done, boolean max) {
    Iterations it = cell.step().iterations();
    return Math.max(0, (max ? it.max() : it.min()) - done.getOrDefault(cell.id(), 0));
  }

  /** What the step's options give for its measured time: duration (or run-time) and warmup. */
  static double plannedWork(Campaign.Step step) {
    double d = DEFAULT_SECONDS;
    for (String key : List.of("duration", "run-time")) {
      String v = step.options().get(key);
      if (v != null && !v.contains("$")) {
        d = secondsOf(key, v);
      }
    }
    String w = step.options().get("warmup");
    double warm = w == null || w.contains("$") ? 0 : secondsOf("warmup", w);
    return d + warm;
  }

  /** A run's default start-up: one client's, and each extra client's; none over SSH. */
  static double plannedStartUp(Campaign.Step step) {
    return plannedStartUp(step, 0);
  }

  /**
   * A run's default start-up: one client's, each extra client's, and for each of {@code overSsh}
   * clients its SSH start and the copy of its results.
   */
  static double plannedStartUp(Campaign.Step step, int overSsh) {
    return RUN_START_SECONDS
        + (step.clients().size() - 1) * EXTRA_CLIENT_SECONDS
        + overSsh * (SSH_CLIENT_START_SECONDS + SSH_RESULT_COPY_SECONDS);
  }

  /** The default start-up of {@code step}'s runs in the configuration named {@code conf}. */
  private double plannedStartUp(String conf, Campaign.Step step) {
    Campaign.Configuration c = configurations.get(conf);
    return plannedStartUp(step, c == null ? 0 : sshClients(c, step));
  }

  /** {@code step}'s clients that run over SSH in {@code conf}, read once. */
  private int sshClients(Campaign.Configuration conf, Campaign.Step step) {
    return sshClients.computeIfAbsent(
        List.of(conf.name(), step.name()), k -> SshClients.count(conf, step));
  }

  /** Remembers {@code conf}, so that its runs' default start-up counts its SSH clients. */
  private void knows(Campaign.Configuration conf) {
    configurations.putIfAbsent(conf.name(), conf);
  }

  /**
   * A finished run's measured time: its result.json's start to end, the longest of its clients'
   * ({@code dirs}); null when none wrote one with both times.
   */
  public static Double measuredSeconds(List<Path> dirs) {
    Double longest = null;
    for (Path d : dirs) {
      Path json = d.resolve("result.json");
      if (!Files.isRegularFile(json)) {
        continue;
      }
      try {
        JsonNode root = ResultJson.mapper().readTree(json.toFile());
        if (root.hasNonNull("startTime") && root.hasNonNull("endTime")) {
          double s =
              Duration.between(
                          Instant.parse(root.get("startTime").asText()),
                          Instant.parse(root.get("endTime").asText()))
                      .toMillis()
                  / 1000.0;
          longest = longest == null ? s : Math.max(longest, s);
        }
      } catch (IOException | RuntimeException e) {
        // Not a result this can read: the run's figures say so; no time from it.
      }
    }
    return longest;
  }

  private static double secondsOf(String key, String v) {
    return Durations.parse("--" + key, v).toMillis() / 1000.0;
  }
}
