package io.loadlab.cli;

import io.loadlab.core.options.OptionTable;
import java.util.List;

/**
 * A command that runs a load test: its name, summary, the figures its runs report and its options'
 * descriptions, given once; the shared run options are added to its own ({@link RunOptions}).
 */
public abstract class LoadCommand implements Command {
  private final String[] path;
  private final String summary;
  private final List<String> figures;
  private final OptionTable options;

  /**
   * @param path the words that name it, such as {@code ds2 run}
   * @param figures the workload figures its runs report ({@link Command#figures})
   * @param options the descriptions of its own options
   */
  protected LoadCommand(String path, String summary, List<String> figures, OptionTable options) {
    this.path = path.split(" ");
    this.summary = summary;
    this.figures = List.copyOf(figures);
    this.options = options;
  }

  @Override
  public final String[] path() {
    return path.clone();
  }

  @Override
  public final String summary() {
    return summary;
  }

  @Override
  public final boolean runsLoad() {
    return true;
  }

  @Override
  public final List<String> figures() {
    return figures;
  }

  @Override
  public OptionTable described() {
    return options;
  }
}
