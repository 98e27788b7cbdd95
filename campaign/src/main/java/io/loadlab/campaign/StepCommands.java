package io.loadlab.campaign;

import java.util.List;
import java.util.ServiceLoader;

/**
 * The check of a whole command line a campaign step runs, as the front-end that runs it checks it.
 * The campaign engine knows the commands' options, figures and operations from their workloads'
 * descriptors ({@link io.loadlab.core.workload.Workloads}); only this last check of every setting
 * still lives in the command line, which sits above it (docs/development.md) and provides the one
 * implementation through {@link ServiceLoader}.
 */
public interface StepCommands {
  /**
   * Checks a whole command line (command words first) as the command would, without running it.
   *
   * @throws io.loadlab.core.failure.UsageException naming what is wrong
   */
  void check(List<String> args);

  /** The implementation on the class path (the command line's). */
  static StepCommands installed() {
    return Holder.INSTANCE;
  }

  /** Loads the implementation once. */
  final class Holder {
    private static final StepCommands INSTANCE =
        ServiceLoader.load(StepCommands.class)
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "no " + StepCommands.class.getName() + " on the class path"));

    private Holder() {}
  }
}
