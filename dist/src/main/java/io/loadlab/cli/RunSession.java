package io.loadlab.cli;

import io.loadlab.cli.live.LiveOutputs;
import io.loadlab.core.Version;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.Exporters;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Secrets;
import java.io.IOException;
import java.nio.file.Path;
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
  private final RunControl control = new RunControl();
  private final RunRecording recording;
  private final CountDownLatch done = new CountDownLatch(1);
  private final Thread interruptHook;
  private final ExportOptions exports;

  private final StopSignals signals;

  /** Whether this thread's command opened a session (Main runs one command per call). */
  private static final ThreadLocal<Boolean> OPENED = new ThreadLocal<>();

  private RunSession(RunTiming timing, RunRecording recording, ExportOptions exports) {
    this.timing = timing;
    this.recording = recording;
    this.exports = exports;
    this.interruptHook = new Thread(this::onInterrupt, "loadlab-stop");
    Runtime.getRuntime().addShutdownHook(interruptHook);
    this.signals = StopSignals.install(signal -> control.abort("stopped by " + signal));
    // A result file that cannot be written (disk full, directory removed) ends the run failed.
    recording.onWriteFailure(control::fail);
  }

  /**
   * Starts a run: reads the shared run options, opens the exporters and starts the interval clock.
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
    ResultSink live = LiveOutputs.open(cmd, workload, RunOptions.rateTolerance(cmd), ctx.err());
    try {
      return open(cmd, ctx, workload, configuration, timing, live);
    } catch (IOException | RuntimeException e) {
      if (live != null) {
        live.close();
      }
      throw e;
    }
  }

  private static RunSession open(
      CommandLine cmd,
      CliContext ctx,
      String workload,
      Map<String, Object> configuration,
      RunTiming timing,
      ResultSink live)
      throws IOException {
    ExportOptions exports = RunOptions.exports(cmd, workload, ctx.out());
    RunInfo info =
        new RunInfo(
            Version.get(),
            workload,
            cmd.getOptionValue("label"),
            ctx.commandLine(),
            configuration,
            EnvironmentInfo.current(),
            RunOptions.testbed(cmd));
    Recorder recorder = new Recorder();
    OPENED.set(Boolean.TRUE);
    List<ResultSink> sinks = new ArrayList<>(Exporters.open(exports, recorder, workload));
    if (live != null) {
      sinks.add(live);
    }
    RunRecording recording = RunRecording.start(info, recorder, sinks, timing.interval());
    recording.setRateTolerance(RunOptions.rateTolerance(cmd));
    recording.setCriteria(RunOptions.criteria(cmd, Main.figuresOf(workload)));
    return new RunSession(timing, recording, exports);
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
        recording.finish(control);
      } else {
        recording.finish(RunStatus.FAILED, oneLine(e));
      }
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

  private void onInterrupt() {
    // Reached when the JVM shuts down for a reason the signal handlers did not see (e.g. SIGHUP).
    control.abort("stopped: the process is shutting down");
    try {
      done.await(20, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    signals.close();
    recording.close();
    done.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(interruptHook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down: the hook is running and waits for done.
    }
  }

  /** The directory the run's files go to. */
  public Path outputDir() {
    return exports.outputDir();
  }
}
