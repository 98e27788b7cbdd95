package io.loadlab.campaign.step;

import java.util.List;

/**
 * The last check of a step's or service's whole command line, as the command would make it before
 * it runs (every setting, not only the options' names and kinds): given by whoever reads the
 * campaign file (the front-end that runs the commands, {@link io.loadlab.campaign.StepCommands}),
 * since the engine sits below the command line.
 */
@FunctionalInterface
public interface CommandLineCheck {
  /**
   * Checks {@code args} (command words first) without running anything.
   *
   * @throws io.loadlab.core.failure.UsageException naming what is wrong
   */
  void check(List<String> args);
}
