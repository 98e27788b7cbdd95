package io.loadlab.cli;

import io.loadlab.cli.amqp.AmqpCommands;
import io.loadlab.cli.campaign.CampaignCommand;
import io.loadlab.cli.ds2.Ds2Commands;
import io.loadlab.cli.net.NetCommands;
import io.loadlab.cli.provision.ProvisionCommands;
import io.loadlab.cli.report.ReportCommands;
import java.util.ArrayList;
import java.util.List;

/** Every {@code loadlab} command, in the order {@code --help} lists them. */
final class Commands {
  private Commands() {}

  static List<Command> all() {
    List<Command> all = new ArrayList<>();
    all.add(new DemoCommand());
    all.addAll(NetCommands.all());
    all.addAll(AmqpCommands.all());
    all.addAll(io.loadlab.cli.database.DatabaseCommand.all());
    all.addAll(Ds2Commands.all());
    all.addAll(ProvisionCommands.all());
    all.addAll(io.loadlab.cli.jmeter.JmeterRunCommand.all());
    RunnerCommand.addTo(all); // a registered workload's, run through its runner
    all.addAll(ReportCommands.all());
    all.addAll(CampaignCommand.all());
    return all;
  }
}
