package io.loadlab.core.workload;

import io.loadlab.core.options.OptionTable;
import java.util.List;

/**
 * One command of a workload, such as {@code net rr}, described once: what the command line builds
 * it from ({@code --help}, its options), and what a campaign checks its steps, estimates its plan
 * and starts its services and runs by.
 *
 * @param words the words that name it, such as {@code net rr}
 * @param summary its line in {@code loadlab --help}
 * @param options its own options, in the order {@code --help} lists them (the shared ones, {@link
 *     SharedOptions}, are added to it by {@link Workloads#optionsOf})
 * @param runsLoad true if it runs a load test: it takes the shared run options and writes a run
 *     directory
 * @param figures the workload figures its runs report besides each operation's (result.json's
 *     {@code figures}, without a size or operation qualifier, such as {@code opm}), which criteria
 *     may name
 * @param operations the operations its runs record, as far as known before it runs
 * @param server what it tells as a server (it runs until stopped), or null if it is none
 * @param jvm what its JVM should be given when a campaign starts it
 * @param setup how long it takes as a campaign's setup command, or null for the campaign's default
 * @param runner what runs it for any front-end (its settings, run and users), or null for a command
 *     whose front-ends run it themselves
 */
public record WorkloadCommand(
    String words,
    String summary,
    OptionTable options,
    boolean runsLoad,
    List<String> figures,
    Operations operations,
    Server server,
    JvmHints jvm,
    SetupEstimate setup,
    WorkloadRunner<?> runner) {
  public WorkloadCommand {
    figures = List.copyOf(figures);
  }

  /** A command that runs no load, serves nothing and records one operation, if any. */
  public static WorkloadCommand of(String words, String summary, OptionTable options) {
    return new WorkloadCommand(
        words, summary, options, false, List.of(), Operations.ONE, null, JvmHints.NONE, null, null);
  }

  /** This command as one that runs load, its runs reporting {@code figures}. */
  public WorkloadCommand runningLoad(List<String> figures) {
    return new WorkloadCommand(
        words, summary, options, true, figures, operations, server, jvm, setup, runner);
  }

  /** This command with these operations. */
  public WorkloadCommand recording(Operations operations) {
    return new WorkloadCommand(
        words, summary, options, runsLoad, figures, operations, server, jvm, setup, runner);
  }

  /** This command as a server. */
  public WorkloadCommand serving(Server server) {
    return new WorkloadCommand(
        words, summary, options, runsLoad, figures, operations, server, jvm, setup, runner);
  }

  /** This command with these JVM hints. */
  public WorkloadCommand hinting(JvmHints jvm) {
    return new WorkloadCommand(
        words, summary, options, runsLoad, figures, operations, server, jvm, setup, runner);
  }

  /** This command with this setup estimate. */
  public WorkloadCommand estimating(SetupEstimate setup) {
    return new WorkloadCommand(
        words, summary, options, runsLoad, figures, operations, server, jvm, setup, runner);
  }

  /** This command as one any front-end runs through {@code runner}. */
  public WorkloadCommand running(WorkloadRunner<?> runner) {
    return new WorkloadCommand(
        words, summary, options, runsLoad, figures, operations, server, jvm, setup, runner);
  }

  /** The words as an array, such as {@code ["net", "rr"]}. */
  public String[] path() {
    return words.split(" ");
  }
}
