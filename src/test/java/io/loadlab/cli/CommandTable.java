package io.loadlab.cli;

import java.util.List;
import org.apache.commons.cli.Option;

/** Every command and the options it takes, as {@code --help} lists them: for suites over all. */
public final class CommandTable {
  private CommandTable() {}

  /**
   * One command.
   *
   * @param path the words that name it, such as {@code net rr}
   * @param operand its positional argument's name, or null
   * @param runsLoad true if it runs a load test
   * @param options every option it takes (its own, the shared run options, --help, --debug)
   */
  public record Entry(List<String> path, String operand, boolean runsLoad, List<Option> options) {
    /** The options that take a value. */
    public List<Option> valueOptions() {
      return options.stream().filter(Option::hasArg).toList();
    }

    /** Its words followed by {@code more}. */
    public String[] with(String... more) {
      String[] all = new String[path.size() + more.length];
      for (int i = 0; i < path.size(); i++) {
        all[i] = path.get(i);
      }
      System.arraycopy(more, 0, all, path.size(), more.length);
      return all;
    }
  }

  /** Every command, in {@code --help}'s order. */
  public static List<Entry> all() {
    return Commands.all().stream()
        .map(
            c ->
                new Entry(
                    List.of(c.path()),
                    c.operand(),
                    c.runsLoad(),
                    List.copyOf(Help.optionsOf(c).getOptions())))
        .toList();
  }
}
