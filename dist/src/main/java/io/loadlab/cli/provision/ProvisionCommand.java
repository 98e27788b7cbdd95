package io.loadlab.cli.provision;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.core.util.Durations;
import io.loadlab.provision.plan.ProvisionOptions;
import io.loadlab.provision.plan.Provisioner;
import io.loadlab.provision.plan.ShellFactory;
import io.loadlab.provision.ssh.HostKeyPolicy;
import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code loadlab provision plan|apply|status|teardown testbed.yaml}. */
final class ProvisionCommand implements Command {
  private final String verb;
  private final String summary;

  ProvisionCommand(String verb, String summary) {
    this.verb = verb;
    this.summary = summary;
  }

  @Override
  public String[] path() {
    return new String[] {"provision", verb};
  }

  @Override
  public String summary() {
    return summary;
  }

  @Override
  public String operand() {
    return "testbed.yaml";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("record-host-keys")
            .desc(
                "accept and record the SSH key of hosts not yet in their known_hosts file (changed"
                    + " keys are still refused)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("state-dir")
            .hasArg()
            .argName("DIR")
            .desc(
                "where the applied-state and action-log files go (default: the testbed's directory)")
            .build());
    if (verb.equals("apply")) {
      o.addOption(
          Option.builder()
              .longOpt("health-timeout")
              .hasArg()
              .argName("TIME")
              .desc("how long a started role has to answer its health check (default 30s)")
              .build());
    }
    if (verb.equals("teardown")) {
      o.addOption(
          Option.builder()
              .longOpt("shutdown-timeout")
              .hasArg()
              .argName("TIME")
              .desc("how long a guest has to shut down before it is destroyed (default 60s)")
              .build());
    }
    if (verb.equals("status")) {
      o.addOption(
          Option.builder()
              .longOpt("describe")
              .desc("print the testbed's state as JSON, as recorded with results")
              .build());
    }
    return o;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Path file = Path.of(cmd.getArgList().get(0));
    ProvisionOptions options = ProvisionOptions.defaults();
    if (cmd.hasOption("record-host-keys")) {
      options = options.withHostKeys(HostKeyPolicy.RECORD_NEW);
    }
    if (cmd.hasOption("state-dir")) {
      options = options.withStateDir(Path.of(cmd.getOptionValue("state-dir")));
    }
    if (cmd.hasOption("health-timeout")) {
      options =
          options.withHealthTimeout(
              Durations.parse("--health-timeout", cmd.getOptionValue("health-timeout")));
    }
    if (cmd.hasOption("shutdown-timeout")) {
      options =
          options.withShutdownTimeout(
              Durations.parse("--shutdown-timeout", cmd.getOptionValue("shutdown-timeout")));
    }
    try (Provisioner p = Provisioner.open(file, options, ShellFactory.SSH)) {
      switch (verb) {
        case "plan" -> ctx.out().print(p.plan().render());
        case "apply" -> {
          ctx.out().println("apply " + file + " (log: " + p.actionLogFile() + ")");
          return p.apply(ctx.out()) ? 0 : 1;
        }
        case "teardown" -> {
          ctx.out().println("teardown " + file + " (log: " + p.actionLogFile() + ")");
          return p.teardown(ctx.out()) ? 0 : 1;
        }
        default -> {
          if (cmd.hasOption("describe")) {
            ctx.out()
                .println(
                    new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(p.describe()));
          } else {
            ctx.out().print(p.status());
          }
        }
      }
    }
    return 0;
  }
}
