package io.loadlab.cli.campaign;

import io.loadlab.campaign.StepCommands;
import io.loadlab.cli.Main;
import java.util.List;

/**
 * The command line's check of a whole command line, as campaign steps run them (found by {@link
 * java.util.ServiceLoader}).
 */
public final class CliStepCommands implements StepCommands {
  @Override
  public void check(List<String> args) {
    Main.check(args);
  }
}
