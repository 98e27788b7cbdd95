package io.loadlab.campaign;

import io.loadlab.core.options.OptionTable;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The commands a campaign step may run, as the front-end that runs them knows them: their options,
 * the figures criteria may name, and the check of a whole command line. The campaign engine checks
 * every step against these before anything starts; it does not know the commands itself, since it
 * sits below the command line (docs/development.md). The command line provides the one
 * implementation through {@link ServiceLoader}.
 */
public interface StepCommands {
  /**
   * The descriptions of the options of the command named by {@code words} (such as {@code ds2
   * run}), or null: the same ones its command line is built from, so a step's {@code options:} are
   * checked and turned into arguments by them, not by a second list of the campaign's own.
   */
  OptionTable optionsOf(String words);

  /**
   * Checks a whole command line (command words first) as the command would, without running it.
   *
   * @throws io.loadlab.core.failure.UsageException naming what is wrong
   */
  void check(List<String> args);

  /**
   * The workload figures criteria may name for the command named by {@code words}; none if unknown.
   */
  List<String> figuresOf(String words);

  /** True if the command named by {@code words} runs a load test (it writes a run directory). */
  boolean runsLoad(String words);

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
