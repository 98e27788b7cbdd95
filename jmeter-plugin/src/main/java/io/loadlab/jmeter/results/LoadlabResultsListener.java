package io.loadlab.jmeter.results;

import io.loadlab.core.Version;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.Exporters;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.jmeter.TimedResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.visualizers.Visualizer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes loadlab's shared results (result.json, intervals.csv, histograms.hlog, summary.md) from a
 * JMeter run, so JMeter and command-line runs land in one report; with the JMeter property {@code
 * loadlab.metrics.port} it also serves the run live ({@link LiveEndpointProperties}). Each sample
 * label becomes an operation; loadlab samplers give nanosecond latencies, other samplers JMeter's
 * milliseconds.
 *
 * <p>It is shared by all threads ({@link NoThreadClone}); in distributed mode it is {@link
 * Remoteable}, so it stays on the controller and receives the samples of every server.
 *
 * <p>It is a {@link Visualizer} only so that JMeter's GUI lists it under Add › Listener: JMeter
 * gives a TestBean a menu by the element interfaces it implements, and for listeners that is this
 * one. It draws nothing; its samples arrive through {@link #sampleOccurred}.
 */
public class LoadlabResultsListener extends AbstractTestElement
    implements SampleListener, TestStateListener, TestBean, NoThreadClone, Remoteable, Visualizer {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(LoadlabResultsListener.class);

  private String outputDirectory = "loadlab-results";
  private String runLabel = "";
  private String workload = "jmeter";
  private int intervalSeconds = 10;

  /**
   * Recordings by output directory. In distributed mode the controller may hold more than one copy
   * of this element (one per server) and each server starts and ends the test: they all share the
   * one recording of their directory, which ends when the last of them ends.
   */
  private static final Map<Path, SharedRun> RUNS = new HashMap<>();

  private static final class SharedRun {
    final Path dir;
    final RunRecording recording;
    final RunControl control = new RunControl();
    final Set<String> described = ConcurrentHashMap.newKeySet();
    int users;

    SharedRun(Path dir, RunRecording recording) {
      this.dir = dir;
      this.recording = recording;
    }
  }

  private transient volatile SharedRun run;
  private transient int starts;

  @Override
  public void testStarted() {
    testStarted("local");
  }

  @Override
  public void testStarted(String host) {
    // On a distributed controller the engine neither prepares this element nor evaluates its
    // functions: do both here.
    TestBeanHelper.prepare(this);
    Path dir = resolve(evaluate(outputDirectory));
    synchronized (RUNS) {
      starts++;
      if (run != null) {
        run.users++;
        return;
      }
      SharedRun shared = RUNS.get(dir);
      if (shared == null) {
        shared = new SharedRun(dir, open(dir));
        RUNS.put(dir, shared);
      }
      shared.users++;
      run = shared;
    }
  }

  private RunRecording open(Path dir) {
    try {
      Files.createDirectories(dir);
      Recorder recorder = new Recorder();
      ExportOptions exports = ExportOptions.inDirectory(dir, null, true);
      String workloadName = evaluate(workload);
      String label = evaluate(runLabel);
      RunInfo info =
          new RunInfo(
              Version.get(),
              workloadName,
              label == null || label.isBlank() ? null : label,
              commandLine(),
              configuration(),
              EnvironmentInfo.current(),
              null);
      List<ResultSink> sinks = new ArrayList<>(Exporters.open(exports, recorder, workloadName));
      ResultSink live =
          LiveEndpointProperties.open(
              JMeterUtils.getJMeterProperties(),
              workloadName,
              label == null || label.isBlank() ? workloadName : label);
      if (live != null) {
        sinks.add(live);
      }
      RunRecording recording =
          RunRecording.start(
              info, recorder, sinks, Duration.ofSeconds(Math.max(1, intervalSeconds)));
      LOG.info("loadlab results go to {}", dir);
      return recording;
    } catch (IOException e) {
      throw new UncheckedIOException("loadlab Results: cannot write to " + dir, e);
    }
  }

  @Override
  public void testEnded() {
    testEnded("local");
  }

  @Override
  public void testEnded(String host) {
    synchronized (RUNS) {
      SharedRun shared = run;
      if (shared == null) {
        return;
      }
      if (--starts == 0) {
        run = null;
      }
      if (--shared.users > 0) {
        return;
      }
      RUNS.remove(shared.dir);
      RunResult result = shared.recording.finish(shared.control);
      shared.recording.close();
      LOG.info("loadlab results: status {}", result.status());
    }
  }

  /** Evaluates JMeter functions and properties in a field, as the engine does on servers. */
  private static String evaluate(String text) {
    if (text == null || !text.contains("${")) {
      return text;
    }
    try {
      return new CompoundVariable(text).execute();
    } catch (RuntimeException e) {
      return text;
    }
  }

  /** Nothing: a GUI would call this to draw a sample; the results come from sampleOccurred. */
  @Override
  public void add(SampleResult sample) {}

  /** Not a statistics table (JMeter asks this of a visualizer). */
  @Override
  public boolean isStats() {
    return false;
  }

  @Override
  public void sampleOccurred(SampleEvent event) {
    SharedRun shared = run;
    SampleResult s = event.getResult();
    if (shared == null || s == null) {
      return;
    }
    RunRecording r = shared.recording;
    long elapsed;
    long connect;
    if (s instanceof TimedResult t && t.elapsedNanos() >= 0) {
      elapsed = t.elapsedNanos();
      connect = t.connectNanos();
    } else {
      elapsed = TimeUnit.MILLISECONDS.toNanos(s.getTime());
      connect = TimeUnit.MILLISECONDS.toNanos(s.getConnectTime());
    }
    if (s instanceof TimedResult t
        && t.parameters() != null
        && shared.described.add(s.getSampleLabel())) {
      r.setParameters(s.getSampleLabel(), t.parameters());
    }
    var op = r.recorder().operation(s.getSampleLabel());
    if (s.isSuccessful()) {
      op.success(elapsed, connect, s.getSentBytes(), s.getBytesAsLong());
    } else {
      String code = s.getResponseCode();
      op.failure(elapsed, code == null || code.isBlank() ? "failed" : code);
    }
  }

  @Override
  public void sampleStarted(SampleEvent e) {}

  @Override
  public void sampleStopped(SampleEvent e) {}

  private static Path resolve(String dir) {
    String name = dir == null || dir.isBlank() ? "loadlab-results" : dir.strip();
    Path p = Path.of(name);
    if (p.isAbsolute()) {
      return p;
    }
    String base = FileServer.getFileServer().getBaseDir();
    return base == null ? p.toAbsolutePath() : Path.of(base).resolve(p).toAbsolutePath();
  }

  private static String commandLine() {
    String script = FileServer.getFileServer().getScriptName();
    return "jmeter" + (script == null ? "" : " -t " + script);
  }

  private Map<String, Object> configuration() {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("engine", "Apache JMeter " + JMeterUtils.getJMeterVersion());
    String script = FileServer.getFileServer().getScriptName();
    if (script != null) {
      c.put("plan", script);
    }
    c.put("intervalSeconds", intervalSeconds);
    return c;
  }

  public String getOutputDirectory() {
    return outputDirectory;
  }

  public void setOutputDirectory(String outputDirectory) {
    this.outputDirectory = outputDirectory;
  }

  public String getRunLabel() {
    return runLabel;
  }

  public void setRunLabel(String runLabel) {
    this.runLabel = runLabel;
  }

  public String getWorkload() {
    return workload;
  }

  public void setWorkload(String workload) {
    this.workload = workload;
  }

  public int getIntervalSeconds() {
    return intervalSeconds;
  }

  public void setIntervalSeconds(int intervalSeconds) {
    this.intervalSeconds = intervalSeconds;
  }
}
