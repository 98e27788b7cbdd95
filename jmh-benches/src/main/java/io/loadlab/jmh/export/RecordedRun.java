package io.loadlab.jmh.export;

import io.loadlab.core.Version;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.OperationSnapshot;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.EnvironmentInfo;
import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.jmh.record.LatencyValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run recorded through the real recorder and {@link RunRecording}, to give the exporters what a
 * run gives them: a finished interval (figures and raw histograms of every operation) and the
 * result so far. Each interval holds 1,000 samples of every operation.
 *
 * @param run the information the run started with
 * @param lastInterval the last interval, as sinks saw it
 * @param result the final result, with every interval
 */
public record RecordedRun(RunInfo run, IntervalReport lastInterval, RunResult result) {
  /** Samples per operation per interval. */
  public static final int SAMPLES = 1_000;

  /** Records {@code intervals} intervals of {@code operations} operations. */
  public static RecordedRun of(int operations, int intervals) {
    RunInfo info =
        new RunInfo(
            Version.get(),
            "jmh exporters",
            null,
            "loadlab net rr",
            Map.of("size", "64"),
            EnvironmentInfo.current(),
            null);
    Recorder recorder = new Recorder();
    List<OperationRecorder> ops = new ArrayList<>();
    for (int i = 0; i < operations; i++) {
      ops.add(recorder.operation("rr size=" + (8 << i)));
    }
    LastInterval last = new LastInterval();
    LatencyValues values = new LatencyValues();
    try (RunRecording recording =
        RunRecording.start(info, recorder, List.of(last), Duration.ofHours(1))) {
      for (int i = 0; i < intervals; i++) {
        for (OperationRecorder op : ops) {
          for (int s = 0; s < SAMPLES; s++) {
            op.success(values.next(), 64, 64);
          }
        }
        recording.cut();
      }
      RunResult result = recording.finish(new RunControl());
      return new RecordedRun(info, last.report, result);
    }
  }

  /**
   * Keeps the last interval the recording reports, with copies of its histograms: the recording's
   * own are lent for the call only ({@link ResultSink#interval}).
   */
  private static final class LastInterval implements ResultSink {
    IntervalReport report;

    @Override
    public void interval(IntervalReport r) {
      if (!r.snapshots().isEmpty()) {
        List<OperationSnapshot> kept = new ArrayList<>();
        for (OperationSnapshot s : r.snapshots()) {
          kept.add(
              new OperationSnapshot(
                  s.operation(),
                  s.latencyNanos().copy(),
                  s.count(),
                  s.errors(),
                  s.bytesSent(),
                  s.bytesReceived(),
                  s.errorKinds()));
        }
        report = new IntervalReport(r.sample(), kept, r.resultSoFar());
      }
    }
  }
}
