package io.loadlab.cli.campaign;

import io.loadlab.campaign.StepCommands;
import io.loadlab.cli.Main;
import io.loadlab.core.options.OptionTable;
import java.util.List;

/**
 * The command line's commands, as campaign steps run them (found by {@link
 * java.util.ServiceLoader}).
 */
public final class CliStepCommands implements StepCommands {
  @Override
  public OptionTable optionsOf(String words) {
    return Main.optionsOf(words);
  }

  @Override
  public void check(List<String> args) {
    Main.check(args);
  }

  @Override
  public List<String> figuresOf(String words) {
    return Main.figuresOf(words);
  }

  @Override
  public boolean runsLoad(String words) {
    return Main.runsLoad(words);
  }
}
