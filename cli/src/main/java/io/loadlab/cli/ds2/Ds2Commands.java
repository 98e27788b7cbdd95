package io.loadlab.cli.ds2;

import io.loadlab.cli.Command;
import java.util.List;

/** The {@code loadlab ds2} commands: load, run, check, reset and generate. */
public final class Ds2Commands {
  private Ds2Commands() {}

  public static List<Command> all() {
    return List.of(
        new Ds2LoadCommand(),
        new Ds2RunCommand(),
        new Ds2CheckCommand(),
        new Ds2ResetCommand(),
        new Ds2GenerateCommand());
  }
}
