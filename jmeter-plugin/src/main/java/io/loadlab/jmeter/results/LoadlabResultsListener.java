package io.loadlab.jmeter.results;

import io.loadlab.core.Version;
import io.loadlab.core.export.ExportOptions;
import io.loadlab.core.export.Exporters;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.jmeter.TimedResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes loadlab's shared results (result.json, intervals.csv, histograms.hlog, summary.md) from a
 * JMeter run, so JMeter and command-line runs land in one report. Each sample label becomes an
 * operation; loadlab samplers give nanosecond latencies, other samplers JMeter's milliseconds.
 *
 * <p>It is shared by all threads ({@link NoThreadClone}); in distributed mode it is {@link
 * Remoteable}, so it stays on the controller and receives the samples of every server.
 */
public class LoadlabResultsListener extends AbstractTestElement
    implements SampleListener, TestStateListener, TestBean, NoThreadClone, Remoteable {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(LoadlabResultsListener.class);

  private String outputDirectory = "loadlab-results";
  private String runLabel = "";
  private String workload = "jmeter";
  private int intervalSeconds = 10;

  private transient RunRecording recording;
  private transient RunControl control;
  private transient int startedHosts;

  @Override
  public synchronized void testStarted() {
    testStarted("local");
  }

  @Override
  public synchronized void testStarted(String host) {
    if (startedHosts++ > 0) {
      return; // distributed: one recording for all servers
    }
    // On a distributed controller the engine does not prepare this element: do it here.
    TestBeanHelper.prepare(this);
    Path dir = resolve(outputDirectory);
    try {
      Files.createDirectories(dir);
      Recorder recorder = new Recorder();
      ExportOptions exports = ExportOptions.inDirectory(dir, null, true);
      RunInfo info =
          new RunInfo(
              Version.get(),
              workload,
              runLabel == null || runLabel.isBlank() ? null : runLabel,
              commandLine(),
              configuration(),
              EnvironmentInfo.current(),
              null);
      control = new RunControl();
      recording =
          RunRecording.start(
              info,
              recorder,
              Exporters.open(exports, recorder, workload),
              Duration.ofSeconds(Math.max(1, intervalSeconds)));
      LOG.info("loadlab results go to {}", dir);
    } catch (IOException e) {
      throw new UncheckedIOException("loadlab Results: cannot write to " + dir, e);
    }
  }

  @Override
  public synchronized void testEnded() {
    testEnded("local");
  }

  @Override
  public synchronized void testEnded(String host) {
    if (--startedHosts > 0 || recording == null) {
      return;
    }
    RunResult result = recording.finish(control);
    recording.close();
    recording = null;
    LOG.info("loadlab results: status {}", result.status());
  }

  @Override
  public void sampleOccurred(SampleEvent event) {
    RunRecording r = recording;
    SampleResult s = event.getResult();
    if (r == null || s == null) {
      return;
    }
    long elapsed;
    long connect;
    if (s instanceof TimedResult t && t.elapsedNanos() >= 0) {
      elapsed = t.elapsedNanos();
      connect = t.connectNanos();
    } else {
      elapsed = TimeUnit.MILLISECONDS.toNanos(s.getTime());
      connect = TimeUnit.MILLISECONDS.toNanos(s.getConnectTime());
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
