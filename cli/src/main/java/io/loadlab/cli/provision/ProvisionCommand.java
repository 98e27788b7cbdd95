package io.loadlab.cli.provision;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Durations;
import io.loadlab.provision.plan.ProvisionOptions;
import io.loadlab.provision.plan.Provisioner;
import io.loadlab.provision.plan.ShellFactory;
import io.loadlab.provision.ssh.HostKeyPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;

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

  /**
   * The options of every verb, described once for the command line and docs/configuration.md; each
   * verb takes those {@link #VERBS} names.
   */
  public static final OptionTable OPTIONS =
      OptionTable.of(
          OptionSpec.flag(
                  "record-host-keys",
                  "accept and record the SSH key of hosts not yet in their known_hosts file"
                      + " (changed keys are still refused)")
              .docs(
                  "off",
                  "every command: accept and append to the host's known_hosts file the key of a"
                      + " host not yet in it (a changed key is still refused)"),
          OptionSpec.value(
                  "state-dir",
                  "DIR",
                  Type.DIRECTORY,
                  "where the applied-state and action-log files go (default: the testbed's"
                      + " directory)")
              .docs(
                  "the testbed file's directory",
                  "every command: where `<testbed>.state.json` (what apply changed, for teardown)"
                      + " and `<testbed>.actions.log` go"),
          OptionSpec.value(
                  "health-timeout",
                  "TIME",
                  Type.DURATION,
                  "how long a started role has to answer its health check (default 30s)")
              .defaultValue("30s")
              .docs(
                  "`30s`",
                  "apply: how long a started role has to answer its health check (5 times as"
                      + " long in emulated guests)"),
          OptionSpec.value(
                  "boot-timeout",
                  "TIME",
                  Type.DURATION,
                  "how long a started guest has to print its SSH host key on its console and"
                      + " answer SSH (default 180s)")
              .defaultValue("180s")
              .docs(
                  "`180s`",
                  "apply: how long a guest it starts (or finds still booting) has to print its SSH"
                      + " host key on its serial console and then to answer SSH; raise it for"
                      + " emulated (TCG) guests on a busy machine"),
          OptionSpec.value(
                  "shutdown-timeout",
                  "TIME",
                  Type.DURATION,
                  "how long a guest has to shut down before it is destroyed (default 60s)")
              .defaultValue("60s")
              .docs(
                  "`60s`",
                  "teardown: how long a guest has to shut down gracefully before it is destroyed"),
          OptionSpec.flag("describe", "print the testbed's state as JSON, as recorded with results")
              .docs(
                  "off",
                  "status: print the testbed's state as JSON (what is recorded with results)"
                      + " instead of the status text"));

  /** The options each verb takes, by name. */
  static final Map<String, List<String>> VERBS =
      Map.of(
          "plan", List.of("record-host-keys", "state-dir"),
          "apply", List.of("record-host-keys", "state-dir", "health-timeout", "boot-timeout"),
          "status", List.of("record-host-keys", "state-dir", "describe"),
          "teardown", List.of("record-host-keys", "state-dir", "shutdown-timeout"));

  @Override
  public OptionTable described() {
    return OptionTable.of(VERBS.get(verb).stream().map(OPTIONS::require).toList());
  }

  @Override
  public void check(CommandLine cmd) {
    options(cmd);
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    Path file = Path.of(cmd.getArgList().get(0));
    try (Provisioner p = Provisioner.open(file, options(cmd), ShellFactory.SSH)) {
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

  /** The options given, each checked: a timeout that is no duration is refused here. */
  private static ProvisionOptions options(CommandLine cmd) {
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
    if (cmd.hasOption("boot-timeout")) {
      options =
          options.withBootTimeout(
              Durations.parse("--boot-timeout", cmd.getOptionValue("boot-timeout")));
    }
    if (cmd.hasOption("shutdown-timeout")) {
      options =
          options.withShutdownTimeout(
              Durations.parse("--shutdown-timeout", cmd.getOptionValue("shutdown-timeout")));
    }
    return options;
  }
}
