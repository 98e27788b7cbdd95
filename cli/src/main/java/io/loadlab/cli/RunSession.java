package io.loadlab.cli;

import io.loadlab.cli.live.LiveOutputs;
import io.loadlab.core.Version;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.Exporters;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.commons.cli.CommandLine;

/**
 * One load run started from the command line: the recorder and recording a driver runs into, the
 * exporters the options ask for, and Ctrl-C handling, which stops the driver and still writes the
 * summary with status {@code aborted}.
 */
public final class RunSession implements AutoCloseable {
  /** The exit code of a run stopped by the user. */
  public static final int EXIT_ABORTED = RunControl.EXIT_ABORTED;

  private final RunTiming timing;
  private final RunControl control;
  private final RunRecording recording;
  private final Stopping stopping;
  private final ExportOptions exports;

  /** Whether this thread's command opened a session (Main runs one command per call). */
  private static final ThreadLocal<Boolean> OPENED = new ThreadLocal<>();

  private RunSession(
      RunTiming timing, Stopping stopping, RunRecording recording, ExportOptions exports) {
    this.timing = timing;
    this.control = stopping.control;
    this.stopping = stopping;
    this.recording = recording;
    this.exports = exports;
    // A result file that cannot be written (disk full, directory removed) ends the run failed.
    recording.onWriteFailure(control::fail);
  }

  /**
   * Starts a run: reads the shared run options, opens the exporters and starts the interval clock.
   * SIGINT and SIGTERM are handled from before the run's directory is made, which appears with a
   * {@code result.json} saying {@code running}: a run stopped at any moment after that leaves a
   * result, {@code aborted} with what was counted.
   *
   * @param configuration the workload's settings as recorded with the results (no secrets)
   */
  public static RunSession open(
      CommandLine cmd,
      CliContext ctx,
      String workload,
      Map<String, Object> configuration,
      RunTiming timing)
      throws IOException {
    // Live outputs first: a port that is refused stops the run before any file is made.
    ResultSink live =
        LiveOutputs.open(
            cmd,
            workload,
            RunOptions.rateTolerance(cmd),
            timing.duration().isZero() ? null : timing.duration().plus(timing.warmup()),
            ctx.err());
    Stopping stopping;
    try {
      stopping = Stopping.begin();
    } catch (RuntimeException e) {
      closeQuietly(live);
      throw e;
    }
    try {
      RunInfo info =
          new RunInfo(
              Version.get(),
              workload,
              cmd.getOptionValue("label"),
              ctx.commandLine(),
              configuration,
              EnvironmentInfo.current(),
              RunOptions.testbed(cmd));
      String start = Instant.now().toString();
      ExportOptions exports =
          RunOptions.exports(
              cmd,
              workload,
              ctx.out(),
              dir ->
                  ResultJson.writeInExistingDirectory(
                      info.running(start), dir.resolve(ExportOptions.JSON_NAME)));
      Recorder recorder = new Recorder();
      OPENED.set(Boolean.TRUE);
      List<ResultSink> sinks = new ArrayList<>(Exporters.open(exports, recorder, workload));
      if (live != null) {
        sinks.add(live);
      }
      RunRecording recording = RunRecording.start(info, recorder, sinks, timing.interval());
      recording.setRateTolerance(RunOptions.rateTolerance(cmd));
      recording.setCriteria(RunOptions.criteria(cmd, figuresOf(workload)));
      recording.orderTotals(operationsOf(workload));
      return new RunSession(timing, stopping, recording, exports);
    } catch (IOException | RuntimeException e) {
      stopping.close();
      closeQuietly(live);
      throw e;
    }
  }

  private static void closeQuietly(ResultSink live) {
    if (live == null) {
      return;
    }
    try {
      live.close();
    } catch (Exception e) {
      // Closing a live output that never served anything; the run's own failure goes on.
    }
  }

  /** True once this thread's command opened a session (its result.json is its own to write). */
  static boolean everOpened() {
    return OPENED.get() != null;
  }

  /** Forgets an earlier command's session on this thread (Main, before it runs a command). */
  static void forgetOpened() {
    OPENED.remove();
  }

  public RunTiming timing() {
    return timing;
  }

  public RunControl control() {
    return control;
  }

  public RunRecording recording() {
    return recording;
  }

  public Recorder recorder() {
    return recording.recorder();
  }

  /**
   * Ends the run and returns its exit code: 130 if SIGINT (Ctrl-C) stopped it, 143 if SIGTERM did,
   * 1 if the driver failed it, any operation failed or a result file could not be written, 0
   * otherwise.
   */
  public int finish() {
    return exitCode(finishResult().status());
  }

  /**
   * Runs the driver. A failure that ends it before it finishes (a broker's refusal, a target that
   * cannot be reached) becomes the run's status reason, in one line, before it goes on to the user:
   * result.json says why the run failed, not only the console.
   */
  public void drive(Driving driver) throws Exception {
    try {
      driver.run();
    } catch (Exception e) {
      if (control.isAborted()) {
        // Stopped by a signal, perhaps while it was still connecting: the result says aborted,
        // and the command ends with the signal's exit code, not with this failure.
        recording.finish(control);
        return;
      }
      recording.finish(RunStatus.FAILED, oneLine(e));
      throw e;
    }
  }

  /** A driver's run, as {@link #drive} calls it. */
  @FunctionalInterface
  public interface Driving {
    /** Runs the driver into the session's recording. */
    void run() throws Exception;
  }

  private static String oneLine(Throwable e) {
    return oneLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
  }

  /** A failure's message as a status reason: one line, secrets masked. */
  static String oneLine(String message) {
    return Secrets.mask(message.strip().replaceAll("\\s*\\R\\s*", "; "));
  }

  /** Ends the run with the status its control and its errors call for, and returns the result. */
  public RunResult finishResult() {
    return recording.finish(control);
  }

  /** The exit code for a run's status. */
  public static int exitCode(RunStatus status) {
    return switch (status) {
      case OK -> 0;
      case ABORTED -> StopSignals.exitCode();
      default -> 1;
    };
  }

  @Override
  public void close() {
    try {
      recording.close();
    } finally {
      stopping.close();
    }
  }

  /**
   * How a run is stopped from outside, set up before its directory exists: SIGINT and SIGTERM abort
   * it ({@link StopSignals}), and a shutdown for another reason (SIGHUP) aborts it and waits for
   * its files. A JVM already shutting down starts no run.
   */
  private static final class Stopping implements AutoCloseable {
    final RunControl control = new RunControl();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook = new Thread(this::onShutdown, "loadlab-stop");
    private StopSignals signals;

    static Stopping begin() {
      Stopping s = new Stopping();
      try {
        Runtime.getRuntime().addShutdownHook(s.hook);
      } catch (IllegalStateException e) {
        // A signal came before its handler was installed: nothing was made yet, so nothing is.
        throw new LoadlabException(
            "stopped before the run started (the process is shutting down)",
            StopSignals.exitCode());
      }
      s.signals = StopSignals.install(signal -> s.control.abort("stopped by " + signal));
      return s;
    }

    private void onShutdown() {
      // Reached when the JVM shuts down for a reason the signal handlers did not see (SIGHUP).
      control.abort("stopped: the process is shutting down");
      try {
        done.await(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void close() {
      if (signals != null) {
        signals.close();
      }
      done.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // The JVM is shutting down: the hook is running and waits for done.
      }
    }
  }

  /** The directory the run's files go to. */
  public Path outputDir() {
    return exports.outputDir();
  }

  /** The workload figures criteria may name for the command {@code words}; none if unknown. */
  /** The operations the command's workload knows before it runs, in its descriptor's order. */
  private static List<String> operationsOf(String words) {
    WorkloadCommand c = Workloads.installed().command(words);
    return c == null ? List.of() : c.operations().known();
  }

  private static List<String> figuresOf(String words) {
    WorkloadCommand c = Workloads.installed().command(words);
    return c == null ? List.of() : c.figures();
  }
}
