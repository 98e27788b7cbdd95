package io.loadlab.core.workload.sleep;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import io.loadlab.core.util.Durations;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.WorkloadUser;
import java.time.Duration;
import java.util.Map;

/** The {@code sleep} workload's settings, run and user: one user pausing, again and again. */
final class SleepRunner implements WorkloadRunner<SleepRunner.Settings> {
  /**
   * The settings, parsed once; result.json records {@code pause} and {@code pauseMs} (Jackson).
   *
   * @param pause each pause
   */
  record Settings(@JsonIgnore Duration pause) {
    @JsonProperty("pause")
    String pauseText() {
      return Durations.format(pause);
    }

    @JsonProperty("pauseMs")
    double pauseMs() {
      return pause.toNanos() / 1e6;
    }
  }

  @Override
  public Settings settings(OptionValues options) {
    Duration pause = options.duration(SleepWorkload.PAUSE.name());
    if (pause.isZero()) {
      throw new UsageException("--pause: 0 is no pause; use 1ms or more, e.g. 100ms");
    }
    return new Settings(pause);
  }

  @Override
  public void run(Settings settings, RunTiming timing, RunRecording recording, RunControl control) {
    OperationRecorder op = recording.recorder().operation(SleepWorkload.OPERATION);
    recording.setParameters(op.name(), Map.of("pause", Durations.format(settings.pause())));
    recording.recorder().userStarted();
    try {
      if (!timing.warmup().isZero()) {
        recording.beginPhase("warmup", true);
        pauseUntil(System.nanoTime() + timing.warmup().toNanos(), settings, op, control);
      }
      recording.beginPhase("pause=" + Durations.format(settings.pause()), false);
      recording.endWindowAfter(timing.duration());
      long end = System.nanoTime() + timing.duration().toNanos();
      if (!pauseUntil(end, settings, op, control)) {
        recording.endWindowNow();
      }
    } finally {
      recording.recorder().userStopped();
    }
  }

  /** Pauses again and again until {@code end}; false if stopped before. */
  private static boolean pauseUntil(
      long end, Settings settings, OperationRecorder op, RunControl control) {
    while (end - System.nanoTime() > 0) {
      long start = System.nanoTime();
      if (!control.sleep(settings.pause())) {
        return false;
      }
      op.success(System.nanoTime() - start);
    }
    return true;
  }

  @Override
  public WorkloadUser user(Settings settings) {
    return () -> {
      Thread.sleep(settings.pause().toMillis(), settings.pause().toNanosPart() % 1_000_000);
      return new WorkloadUser.Done(SleepWorkload.OPERATION, 0, 0);
    };
  }
}
