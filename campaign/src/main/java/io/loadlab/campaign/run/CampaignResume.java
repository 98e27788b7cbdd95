package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.StepOperations;
import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Opens a campaign directory for a run: a new manifest, or the existing one if its finished runs
 * are the ones the campaign file would make now. Finished runs are kept; an interrupted run is
 * cleared (its directory, and any process still writing into it) so that it is done again.
 */
public final class CampaignResume {
  private final Campaign campaign;
  private final Path dir;
  private final PrintStream out;
  private final List<String> redone = new ArrayList<>();
  private final Map<String, List<Manifest.Attempt>> retried = new LinkedHashMap<>();
  private RetryFailed retry = RetryFailed.NONE;

  /**
   * Which failed runs to run again: none, all, or those of named configurations or cells.
   *
   * @param names configuration names or cell ids; empty for all failed runs
   */
  public record RetryFailed(boolean any, java.util.Set<String> names) {
    public static final RetryFailed NONE = new RetryFailed(false, java.util.Set.of());

    boolean covers(Manifest.RunEntry r) {
      return any && (names.isEmpty() || names.contains(r.configuration) || names.contains(r.cell));
    }
  }

  CampaignResume(Campaign campaign, Path dir, PrintStream out) {
    this.campaign = campaign;
    this.dir = dir;
    this.out = out;
  }

  /**
   * The manifest to run on, written with status running: the existing one (refused if its finished
   * runs are not this file's, unless {@code restart}, which deletes them) or a new one.
   */
  Manifest open(boolean restart, RetryFailed retryFailed) throws IOException {
    this.retry = retryFailed;
    return open(restart);
  }

  /** As {@link #open(boolean, RetryFailed)} without retries. */
  Manifest open(boolean restart) throws IOException {
    Files.createDirectories(dir);
    // A killed campaign's runs and servers end themselves; any still alive are stopped first.
    CampaignChildren.stopLeftovers(dir, out);
    Path file = dir.resolve(Manifest.FILE);
    Manifest old = Files.exists(file) ? readOld(file) : null;
    if (old != null && restart) {
      for (Manifest.RunEntry r : old.runs) {
        deleteTree(dir.resolve(r.dir));
      }
      old = null;
    }
    Manifest manifest = old == null ? fresh() : resume(old);
    header(manifest);
    manifest.status = "running";
    manifest.write(dir);
    return manifest;
  }

  /** The failed runs set aside to run again, each with its earlier attempts. */
  Map<String, List<Manifest.Attempt>> retried() {
    return retried;
  }

  /** Ids of the interrupted runs {@link #open} cleared, to be marked redone when they run. */
  List<String> redone() {
    return redone;
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

  private static Manifest fresh() {
    Manifest m = new Manifest();
    m.startTime = Instant.now().toString();
    return m;
  }

  private Manifest resume(Manifest old) throws IOException {
    Map<String, List<List<String>>> planned = new LinkedHashMap<>();
    for (Matrix.Cell cell : Matrix.cells(campaign)) {
      for (int i = 1; i <= cell.step().iterations().max(); i++) {
        planned.put(cell.runId(i), cell.commandLines());
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
      if ("failed".equals(r.status) && retry.covers(r)) {
        retried.put(r.id, setAside(r));
      } else if (finished) {
        keep.add(r);
        resume.kept++;
      } else {
        resume.redone.add(r.id);
        stopOrphans(r);
        deleteTree(dir.resolve(r.dir));
      }
    }
    old.runs = keep;
    if (!retried.isEmpty()) {
      resume.retried = new ArrayList<>(retried.keySet());
    }
    old.resumes.add(resume);
    if (!resume.redone.isEmpty() || resume.kept > 0 || !retried.isEmpty()) {
      out.println(
          "resuming "
              + dir
              + ": "
              + resume.kept
              + " finished runs kept"
              + (resume.redone.isEmpty() ? "" : ", interrupted run(s) done again: " + resume.redone)
              + (retried.isEmpty() ? "" : ", failed run(s) retried: " + retried.keySet()));
    }
    long failedKept = keep.stream().filter(r -> "failed".equals(r.status)).count();
    if (failedKept > 0 && !retry.any()) {
      // The same command again keeps them as they are: say how to run them again.
      out.println(
          failedKept
              + " of them failed and stay failed: add --retry-failed to run them again (or"
              + " --retry-failed NAMES for some configurations or cells), or give a new --output"
              + " to start afresh");
    }
    if (retry.any() && retried.isEmpty()) {
      out.println(
          "--retry-failed: no failed run"
              + (retry.names().isEmpty() ? "" : " of " + String.join(", ", retry.names()))
              + " to retry");
    }
    redone.addAll(resume.redone);
    return old;
  }

  /**
   * Moves a failed run's files to {@code attempts/<run dir>/<n>/} and returns its attempts so far,
   * this one last.
   */
  private List<Manifest.Attempt> setAside(Manifest.RunEntry r) throws IOException {
    List<Manifest.Attempt> attempts = r.attempts == null ? new ArrayList<>() : r.attempts;
    Manifest.Attempt a = new Manifest.Attempt();
    a.status = r.status;
    a.reason = r.reason;
    a.startTime = r.startTime;
    a.endTime = r.endTime;
    a.seconds = r.seconds;
    a.overheadSeconds = r.overheadSeconds;
    Path from = dir.resolve(r.dir);
    Path to = dir.resolve("attempts").resolve(r.dir).resolve(String.valueOf(attempts.size() + 1));
    Path log = from.resolveSibling(from.getFileName() + ".log");
    if (Files.exists(from) || Files.exists(log)) {
      Files.createDirectories(to.getParent());
      deleteTree(to);
    }
    if (Files.exists(from)) {
      Files.move(from, to);
      a.dir = dir.relativize(to).toString();
    }
    if (Files.exists(log)) {
      Path logTo = to.resolveSibling(to.getFileName() + ".log");
      Files.move(log, logTo, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      a.log = dir.relativize(logTo).toString();
    }
    attempts.add(a);
    return attempts;
  }

  /** The manifest's description of the campaign, from the file as it is now. */
  private void header(Manifest m) {
    m.campaign = campaign.name();
    m.description = campaign.description();
    m.file = campaign.file().toString();
    m.rule = campaign.rule().id();
    m.baseline = campaign.baseline();
    m.configurations =
        campaign.configurations().stream().map(Campaign.Configuration::name).toList();
    m.attributes = campaign.attributes().isEmpty() ? null : campaign.attributes();
    m.tables = campaign.tables().isEmpty() ? null : campaign.tables();
    m.steps = new ArrayList<>();
    for (Campaign.Step s : campaign.steps()) {
      Manifest.StepInfo info = new Manifest.StepInfo();
      info.name = s.name();
      info.command = s.command();
      info.figures = s.figures();
      info.operation = StepOperations.reported(s);
      info.sweep = s.sweep();
      info.iterations = s.iterations().describe();
      info.bestOver = s.bestOver().isEmpty() ? null : s.bestOver();
      s.clients().forEach(c -> info.machines.add(c.machine() == null ? "here" : c.machine()));
      m.steps.add(info);
    }
  }

  /** A run's child left running by a killed campaign would write into the redone run: stop it. */
  private void stopOrphans(Manifest.RunEntry r) {
    String runDir = dir.resolve(r.dir).toString();
    List<ProcessHandle> stop = new ArrayList<>();
    if (r.pids != null) {
      for (long pid : r.pids) {
        ProcessHandle.of(pid)
            .filter(h -> commandLine(h).contains(runDir))
            .ifPresent(
                h -> {
                  h.descendants().forEach(stop::add); // e.g. the JMeter a jmeter run started
                  stop.add(h);
                });
      }
    }
    // A process still writing into the run directory whose parent is gone (a JMeter whose loadlab
    // was killed on its own).
    ProcessHandle.allProcesses().filter(h -> writesInto(commandLine(h), runDir)).forEach(stop::add);
    for (ProcessHandle h : stop) {
      h.destroyForcibly();
      try {
        h.onExit().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        // Gone or stuck; the run directory is cleared either way.
      }
    }
  }

  /**
   * A process's whole command line ("" if unknown). On Linux it is read from /proc: the JDK's
   * {@code ProcessHandle.Info} reads only its first 4 KB there and then gives no arguments at all,
   * so a run started with a long class path would not be recognised.
   */
  static String commandLine(ProcessHandle h) {
    try {
      byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(h.pid()), "cmdline"));
      if (raw.length > 0) {
        return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').trim();
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or the process is gone: what the JDK knows.
    }
    return h.info().commandLine().orElse("");
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
    for (int attempt = 0; attempt < 3 && Files.exists(p); attempt++) {
      try (Stream<Path> s = Files.walk(p)) {
        s.sorted(Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
      } catch (IOException | UncheckedIOException e) {
        // A file went away while the tree was walked (a process that was writing into it): again.
      }
    }
  }
}
