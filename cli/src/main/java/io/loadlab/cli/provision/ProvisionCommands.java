package io.loadlab.cli.provision;

import io.loadlab.cli.Command;
import java.util.List;

/** The {@code loadlab provision} and {@code loadlab lab} commands. */
public final class ProvisionCommands {
  /** The options of {@code loadlab provision}'s verbs, as docs/configuration.md lists them. */
  public static final io.loadlab.core.options.OptionTable OPTIONS = ProvisionCommand.OPTIONS;

  private ProvisionCommands() {}

  public static List<Command> all() {
    return List.of(
        new ProvisionCommand("plan", "show what apply would change on a testbed (changes nothing)"),
        new ProvisionCommand(
            "apply", "make a testbed as its file describes; a second apply changes nothing"),
        new ProvisionCommand(
            "status", "show a testbed's live state and what differs from its file"),
        new ProvisionCommand("teardown", "undo what apply did on a testbed"),
        new LabCommand(true),
        new LabCommand(false));
  }
}
