package io.loadlab.cli.report;

import io.loadlab.cli.Command;
import java.util.List;

/** The {@code loadlab report} commands: results made by other tools, in loadlab's format. */
public final class ReportCommands {
  private ReportCommands() {}

  public static List<Command> all() {
    return List.of(new JmhReportCommand());
  }
}
