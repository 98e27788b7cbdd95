package io.loadlab.cli.provision;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code loadlab lab up|down lab.yaml}: a local multi-host lab on network namespaces. */
final class LabCommand implements Command {
  private final boolean up;

  LabCommand(boolean up) {
    this.up = up;
  }

  @Override
  public String[] path() {
    return new String[] {"lab", up ? "up" : "down"};
  }

  @Override
  public String summary() {
    return up
        ? "build a local lab of hosts on network namespaces (bridge/veth links, delay, sshd); root"
        : "remove a local lab: stop its processes and delete its namespaces; root";
  }

  @Override
  public String operand() {
    return "lab.yaml";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("state-dir")
            .hasArg()
            .argName("DIR")
            .desc(
                "where the lab's SSH keys, known_hosts, sshd configs and lab.json go (default:"
                    + " <lab.yaml>.d next to the file)")
            .build());
    return o;
  }

  /** The default state directory of a lab file. */
  static Path stateDir(Path file, CommandLine cmd) {
    if (cmd.hasOption("state-dir")) {
      return Path.of(cmd.getOptionValue("state-dir"));
    }
    Path abs = file.toAbsolutePath();
    return abs.resolveSibling(abs.getFileName() + ".d");
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) {
    Path file = Path.of(cmd.getArgList().get(0));
    LabNetwork net = new LabNetwork(LabFile.read(file), stateDir(file, cmd));
    if (up) {
      net.up(ctx.out());
    } else {
      net.down(ctx.out());
    }
    return 0;
  }
}
