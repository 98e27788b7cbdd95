package io.loadlab.core.workload;

import io.loadlab.core.options.OptionValues;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.time.Duration;

/**
 * What runs a load command of a workload, for every front-end alike: its typed settings, parsed
 * once from the options and shared by the check and the run; the settings result.json records
 * (serialised by Jackson); the run itself, into the recording; and one user's operations, one at a
 * time, for a front-end that paces and times them itself (a JMeter sampler). A command given one
 * ({@link WorkloadCommand#running}) needs no code of the command line, the campaign engine or the
 * JMeter plugin: they run it through this.
 *
 * @param <S> its settings
 */
public interface WorkloadRunner<S> {
  /**
   * The settings from the options, every value checked; nothing is started.
   *
   * @throws io.loadlab.core.failure.UsageException naming the option and the fix
   */
  S settings(OptionValues options);

  /**
   * The settings as result.json's {@code configuration} records them (no secrets), an object
   * Jackson serialises: the settings themselves by default.
   */
  default Object recorded(S settings) {
    return settings;
  }

  /** How long a run measures when {@code --duration} is not given. */
  default Duration defaultDuration() {
    return Duration.ofSeconds(10);
  }

  /** The reporting interval when {@code --interval} is not given. */
  default Duration defaultInterval() {
    return Duration.ofSeconds(1);
  }

  /**
   * Runs the load: warmup and measured window as {@code timing} says, every operation recorded into
   * {@code recording}'s recorder, until the window ends or {@code control} stops it.
   */
  void run(S settings, RunTiming timing, RunRecording recording, RunControl control)
      throws Exception;

  /** One user of the workload, whose operations a front-end starts one at a time and times. */
  WorkloadUser user(S settings) throws Exception;
}
