package io.loadlab.cli.report;

import io.loadlab.cli.Command;
import java.util.List;

/**
 * The report commands: results made by other tools in loadlab's format ({@code loadlab report}),
 * and runs compared side by side ({@code loadlab compare}).
 */
public final class ReportCommands {
  private ReportCommands() {}

  public static List<Command> all() {
    return List.of(new JmhReportCommand(), new CompareCommand());
  }
}
