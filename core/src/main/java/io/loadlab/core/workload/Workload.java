package io.loadlab.core.workload;

import io.loadlab.core.options.OptionTable;
import java.util.List;
import java.util.Map;

/**
 * A workload family, such as {@code net} or {@code ds2}: the commands it gives, each described once
 * ({@link WorkloadCommand}). Found by {@link java.util.ServiceLoader} (a line in {@code
 * META-INF/services/io.loadlab.core.workload.Workload}) and read through {@link Workloads}, so that
 * the command line and the campaign engine know a workload only through its descriptor.
 */
public interface Workload {
  /** The family's name, such as {@code net}; the first word of its commands' as a rule. */
  String name();

  /** Its commands, in the order {@code loadlab --help} lists them. */
  List<WorkloadCommand> commands();

  /**
   * Other first words that name the family's commands, such as {@code jms} for {@code amqp}; none
   * by default.
   */
  default List<String> aliases() {
    return List.of();
  }

  /**
   * The option tables of docs/configuration.md its commands' descriptions make, by the heading they
   * follow there (ConfigurationDocsTest holds the docs to them); none by default.
   */
  default Map<String, OptionTable> docsSections() {
    return Map.of();
  }

  /**
   * The labels people read for the figures its runs record that core does not label itself, by
   * figure key, such as {@code opm} → {@code orders per minute}
   * (io.loadlab.core.report.FigureLabels asks the registry); none by default.
   */
  default Map<String, String> figureLabels() {
    return Map.of();
  }
}
