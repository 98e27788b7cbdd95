package io.loadlab.campaign.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.util.JsonNumbers;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code campaign.json}: the campaign's state and results, rewritten atomically after every run. It
 * holds every run (status, directory, command line, headline figures) and every cell's statistics
 * and reported run, so reports and charts need nothing else. Documented in docs/results-format.md.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Manifest {
  /** The file's name in the campaign directory. */
  public static final String FILE = "campaign.json";

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  public int format = 1;
  public String campaign;
  public String description;
  public String file;

  /** {@code running}, {@code complete}, {@code failed} (some run failed), {@code aborted}. */
  public String status;

  public String startTime;
  public String updateTime;
  public String rule;
  public String baseline;
  public List<String> configurations = new ArrayList<>();

  /**
   * Each configuration's attributes from the campaign file (configuration → attribute → value as
   * text, such as {@code method: sriov}); reports label configurations with them. Absent where the
   * campaign gave none.
   */
  public Map<String, Map<String, String>> attributes;

  public List<StepInfo> steps = new ArrayList<>();
  public List<Resume> resumes = new ArrayList<>();
  public List<RunEntry> runs = new ArrayList<>();
  public List<CellEntry> cells = new ArrayList<>();

  /** With steps that have best-over: the best cells (see {@link BestEntry}). */
  public List<BestEntry> best;

  /** The report's own tables as the campaign file lays them out; null for the default report. */
  public List<LayoutTable> tables;

  /**
   * Per configuration name, how long its parts around the runs took when this campaign first
   * brought it up, a resume's beside them ({@link ConfigurationTime}); plans estimate from them.
   */
  public Map<String, ConfigurationTime> configurationTimes;

  /** Per configuration with libvirt guests: how they ran (see {@link GuestsRan}). */
  public Map<String, GuestsRan> virtualization;

  /** The wrapper words of each client of {@code step}, or null if none has any. */
  public static List<List<String>> wrappers(Campaign.Step step) {
    List<List<String>> w = step.clients().stream().map(c -> c.placement().words()).toList();
    return w.stream().allMatch(List::isEmpty) ? null : w;
  }

  /** What a step is, for reports. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class StepInfo {
    public String name;
    public String command;
    public List<String> figures = new ArrayList<>();
    public Map<String, List<String>> sweep = new LinkedHashMap<>();
    public String iterations;
    public List<String> machines = new ArrayList<>();

    /**
     * The operation its figures are of, chosen (the step's {@code operation:} or its workload's
     * primary one, {@link StepOperations}); null for a workload of one operation per point.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String operation;

    /** Swept options the report takes the best over, if any. */
    public List<String> bestOver;
  }

  /**
   * The best cell over a step's {@code best-over} options, for one configuration, the remaining
   * sweep point and a figure: the highest reported value (lowest for latency and CPU cost).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class BestEntry {
    public String configuration;
    public String step;
    public String figure;

    /** The sweep point without the best-over options. */
    public Map<String, String> point = new LinkedHashMap<>();

    /** The cell that was best, and its values of the best-over options. */
    public String cell;

    public Map<String, String> bestAt = new LinkedHashMap<>();
    public Double value;

    /**
     * The best cell's mbPerSec (MB/s, as the workload records it) beside a rate, if its step has
     * it.
     */
    public Double mbPerSec;

    public Double ratioToBaseline;
  }

  /** How long a configuration's parts around its runs took, in seconds: each absent until done. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class ConfigurationTime {
    /** {@code lab up} or {@code provision apply} (0 for this machine as it is). */
    public Double upSeconds;

    /** Its servers, started one after another, until each was ready. */
    public Double servicesSeconds;

    /** Its setup commands, each run to its end. */
    public Double setupSeconds;

    /** Stopping its servers, then {@code lab down} or {@code provision teardown}. */
    public Double downSeconds;

    /**
     * A testbed with guests: its phases in seconds, in order ({@code apply}, {@code bootToSsh},
     * {@code install}, {@code servicesReady}, {@code runs}, {@code teardown}), as {@code
     * configurations/<name>.phases.json} has them; for the report and later plans.
     */
    public Map<String, Double> phases;

    /** Later bring-ups (a resume's), oldest first; the fields above stay the first one's. */
    public List<ConfigurationTime> laterBringUps;
  }

  /** A failed attempt of a run that {@code --retry-failed} ran again. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Attempt {
    public String status;
    public String reason;
    public String startTime;
    public String endTime;

    /** Its wall time, as the run's {@code seconds} said (absent in older campaign.json files). */
    public Double seconds;

    /** What of it was outside its measured time, as the run's {@code overheadSeconds} said. */
    public Double overheadSeconds;

    /** Where its run directory went (relative to the campaign directory), if it had one. */
    public String dir;

    /** Where its output went (relative to the campaign directory). */
    public String log;
  }

  /** One resumption of the campaign. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Resume {
    public String time;

    /** Runs found interrupted and run again. */
    public List<String> redone = new ArrayList<>();

    /** Failed runs run again ({@code --retry-failed}). */
    public List<String> retried;

    /** Finished runs kept. */
    public int kept;
  }

  /** One run (one iteration of one cell). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class RunEntry {
    public String id;
    public String cell;
    public String configuration;
    public String step;
    public Map<String, String> point = new LinkedHashMap<>();
    public int iteration;

    /** {@code running} (written before it starts), {@code ok}, {@code failed}, {@code aborted}. */
    public String status;

    public String reason;
    public String dir;
    public List<List<String>> commandLines = new ArrayList<>();

    /**
     * What each client's command ran under, such as {@code [nice, -n, -20, numactl,
     * --cpunodebind=0, --membind=0]} (empty: nothing); absent when no client had a wrapper.
     */
    public List<List<String>> wrappers;

    public String startTime;
    public String endTime;
    public Double seconds;

    /**
     * The campaign's own time for this run, outside the run's processes: preparing it, reading its
     * figures, statistics, manifest and report (for the overhead benchmark).
     */
    public Double bookkeepingMs;

    /**
     * What the run's wall time ({@code seconds}) spent outside its measured time (its result.json's
     * start to end; the longest client's): starting and ending its processes, connecting, writing
     * its files. Absent when no client wrote a result.json.
     */
    public Double overheadSeconds;

    /** The campaign machine's load average around the run (see {@link HostLoad}). */
    public HostLoad hostLoad;

    /** True if an interrupted attempt of this run was found and the run was done again. */
    public Boolean redone;

    /** Earlier finished attempts of this run that failed and were retried, oldest first. */
    public List<Attempt> attempts;

    public Map<String, Double> figures = new LinkedHashMap<>();

    /** What taints the run's figures (a saturated load generator), from its result; or null. */
    public List<String> warnings;

    /**
     * Standard deviation of the operation's rate over the run's own measured intervals: the key of
     * {@code median-stddev} for a step that measures a rate.
     */
    public Double intervalSd;

    /**
     * Standard deviation of the operation's latency over the run's measured intervals, in µs
     * (HdrHistogram's, of every sample; several clients' histograms merged): the key of {@code
     * median-stddev} for a step that measures a latency. Absent without a histogram log.
     */
    public Double latencySdUs;

    /**
     * Where the step asks for guest CPU figures: each guest's CPU time over the run's measured
     * intervals, in ms: {@code guestMs} its own (busy time inside it), {@code hostMs} the host's
     * for its domain (libvirt), {@code vcpuMs} its vCPU threads' share of that; and {@code
     * seconds}.
     */
    public Map<String, Map<String, Double>> guestCpu;

    /**
     * Local processes of the run while it runs, stopped on resume if a killed campaign left them.
     */
    public List<Long> pids;

    /** Per client when a step runs on several machines at once; the run's figures combine them. */
    public List<ClientEntry> clients;

    /**
     * With clients: {@code merged} (latency figures from the clients' histograms merged) or {@code
     * worst-client} (a client had no histogram log; the highest of the clients' figures).
     */
    public String latency;

    /**
     * The verdicts of the run's criteria (a step's {@code criteria:}), as its result.json has them;
     * with several clients, each client's, its operations prefixed with {@code client N}.
     */
    public List<CriterionVerdict> criteria;
  }

  /** One client of a run on several machines. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class ClientEntry {
    public String machine;
    public String dir;

    /** The client's own options (e.g. its database or broker), as the file gives them. */
    public Map<String, String> options;

    public String status;
    public Map<String, Double> figures = new LinkedHashMap<>();
  }

  /** One cell: statistics over its iterations and the reported run. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class CellEntry {
    public String id;
    public String configuration;
    public String step;
    public Map<String, String> point = new LinkedHashMap<>();
    public int runs;
    public int ok;
    public int failed;

    /** Its ok runs with warnings (their figures may describe the client), or null for none. */
    public Integer warned;

    /** Its failed runs with warnings (why they may have failed), or null for none. */
    public Integer failedWarned;

    public List<String> reportedRuns = new ArrayList<>();
    public Map<String, Double> reported = new LinkedHashMap<>();
    public Map<String, Stats> statistics = new LinkedHashMap<>();
    public Map<String, Double> ratioToBaseline = new LinkedHashMap<>();
  }

  /** Statistics of one figure over a cell's finished runs. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Stats {
    public int n;
    public double mean;
    public double median;
    public Double sd;

    /** Coefficient of variation, sd / mean, in percent. */
    public Double cvPct;

    public double min;
    public double max;

    /**
     * 95% confidence interval of the mean, with two or more runs: a bootstrap percentile interval
     * for a figure none of whose runs is negative, else Student's t.
     */
    public Double ci95Low;

    public Double ci95High;

    /**
     * How the interval was computed: {@code bootstrap percentile} (a figure none of whose runs is
     * negative: 10,000 resamples, fixed seed) or {@code t} (Student's t).
     */
    public String ci95Method;
  }

  /** The run with this id, or null. */
  public RunEntry run(String id) {
    for (RunEntry r : runs) {
      if (r.id.equals(id)) {
        return r;
      }
    }
    return null;
  }

  /**
   * Reads a campaign's manifest; a number out of range, or a file that is not one, is refused with
   * one line naming the field ({@link io.loadlab.core.util.JsonNumbers}).
   */
  public static Manifest read(Path file) throws IOException {
    String json = Files.readString(file);
    String fix = "give a campaign directory written by loadlab campaign run";
    JsonNumbers.check(Texts.cut(file), json, fix);
    try {
      return MAPPER.readValue(json, Manifest.class);
    } catch (JsonProcessingException e) {
      throw new UsageException(Texts.cut(file) + ": " + JsonNumbers.describe(e) + "; " + fix);
    }
  }

  /** Writes the manifest to {@code dir/campaign.json} atomically (a temporary file, renamed). */
  public void write(Path dir) throws IOException {
    Path tmp = dir.resolve(FILE + ".tmp");
    MAPPER.writeValue(tmp.toFile(), this);
    try {
      Files.move(
          tmp,
          dir.resolve(FILE),
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
