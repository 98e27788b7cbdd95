package io.loadlab.core.workload;

import io.loadlab.core.options.OptionValues;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.time.Duration;
import java.util.function.Consumer;

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

  /**
   * Starts what a run of {@code settings} needs before its recording opens, such as a server in
   * this process or a connection that tells whether the target answers, and gives the run to go: a
   * front-end that runs (not one that only checks) calls it once, records its {@link
   * PreparedRun#recorded}, runs it and closes it. By default it starts nothing: {@link #recorded}
   * and {@link #run} of the settings as they are.
   *
   * @param warnings takes a line for the user about the run to come (without a {@code warning:}
   *     prefix), printed before it starts
   */
  default PreparedRun prepare(S settings, Consumer<String> warnings) throws Exception {
    return new PreparedRun() {
      @Override
      public Object recorded() {
        return WorkloadRunner.this.recorded(settings);
      }

      @Override
      public void run(RunTiming timing, RunRecording recording, RunControl control)
          throws Exception {
        WorkloadRunner.this.run(settings, timing, recording, control);
      }
    };
  }

  /** One user of the workload, whose operations a front-end starts one at a time and times. */
  WorkloadUser user(S settings) throws Exception;
}
