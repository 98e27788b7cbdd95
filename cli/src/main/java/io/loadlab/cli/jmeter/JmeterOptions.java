package io.loadlab.cli.jmeter;

import io.loadlab.cli.OptionDefs;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Kind;
import io.loadlab.core.options.OptionTable;
import java.util.List;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code jmeter run}'s command-line options, built from their descriptions. */
public final class JmeterOptions {
  private JmeterOptions() {}

  /**
   * The command-line options: as described, with {@code --property} also {@code -J}, as JMeter's.
   */
  static Options commandLine(OptionTable options) {
    Options o = new Options();
    for (OptionSpec s : options.specs()) {
      o.addOption(
          s.kind() == Kind.KEYED
              ? Option.builder("J")
                  .longOpt(s.name())
                  .numberOfArgs(2)
                  .valueSeparator('=')
                  .argName(s.arg())
                  .type(List.class)
                  .desc(s.help())
                  .build()
              : OptionDefs.of(s));
    }
    return o;
  }
}
