package io.loadlab.core.jmeter.descriptor;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Kind;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Operations;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import java.util.List;
import java.util.Map;

/**
 * The JMeter workload: {@code jmeter run}, a JMeter plan run non-GUI into a loadlab run directory;
 * its operations are the plan's samplers, known only once it runs.
 */
public final class JmeterWorkloadDescriptor implements Workload {
  /** {@code jmeter run}'s options. */
  static final OptionTable OPTIONS =
      OptionTable.of(
          OptionSpec.value(
                  "plan", "FILE", Type.INPUT_FILE, "the JMeter test plan (.jmx) to run (required)")
              .docs("required", "the `.jmx` test plan"),
          OptionSpec.value(
                  "jmeter",
                  "PATH",
                  Type.TEXT,
                  "the JMeter home (or its bin/jmeter) to run (default $JMETER_HOME, else jmeter "
                      + "on PATH)")
              .docs(
                  "`$JMETER_HOME`, else `jmeter` on `PATH`",
                  "a JMeter home (with `bin/jmeter`, or only `bin/ApacheJMeter*.jar` as "
                      + "jmeter-maven-plugin assembles it: then run with this Java), its "
                      + "`bin/jmeter`, or its `ApacheJMeter.jar`"),
          OptionSpec.value(
                  "remote",
                  "HOSTS",
                  Type.TEXT,
                  "run the plan on these jmeter-server machines, host[:port] separated by commas "
                      + "(JMeter's -R; RMI over SSL off, as the provisioner's jmeter-server role runs)")
              .docs(
                  "none: the plan runs here",
                  "`host[:port]` of `jmeter-server` machines, comma-separated (JMeter's "
                      + "`-R`); the controller sets `server.rmi.ssl.disable=true`, as the "
                      + "provisioner's `jmeter-server` role runs its servers"),
          OptionSpec.value(
                  "rmi-hostname",
                  "ADDRESS",
                  Type.TEXT,
                  "with --remote: the address the jmeter-server machines call this controller "
                      + "back at (JMeter's java.rmi.server.hostname; default: this host's name)")
              .docs(
                  "this host's name",
                  "with `--remote`: the address the servers call the controller back at "
                      + "(`java.rmi.server.hostname`)"),
          OptionSpec.value(
                  "property",
                  "NAME=VALUE",
                  Type.TEXT,
                  "a JMeter property the plan reads with ${__P(NAME)} (JMeter's -J, and -G for "
                      + "--remote); repeat for several")
              .kind(Kind.KEYED)
              .docsName("`--property NAME=VALUE`, `-JNAME=VALUE`")
              .docs(
                  "none",
                  "a property the plan reads with `${__P(NAME,default)}`; repeat for "
                      + "several. Passed as `-J`, and also as `-G` (to the servers) with "
                      + "`--remote`. Names that look like secrets (`password`, `token`, …) are "
                      + "refused: use `--property-file`"),
          OptionSpec.value(
                  "property-file",
                  "FILE",
                  Type.INPUT_FILE,
                  "a JMeter properties file added to the run (JMeter's -q, and -G for --remote): "
                      + "for values such as passwords that must not be on the process list")
              .docs(
                  "none",
                  "a JMeter properties file for the run (`-q`, and `-G FILE` with "
                      + "`--remote`), e.g. for passwords, which then stay off the process list"));

  @Override
  public String name() {
    return "jmeter";
  }

  @Override
  public List<WorkloadCommand> commands() {
    return List.of(
        WorkloadCommand.of(
                "jmeter run",
                "run a JMeter plan non-GUI (here, or on jmeter-server machines with --remote) into a"
                    + " loadlab run directory",
                OPTIONS)
            .runningLoad(List.of())
            .recording(Operations.UNKNOWN));
  }

  @Override
  public Map<String, OptionTable> docsSections() {
    return Map.of("## `loadlab jmeter run`", OPTIONS);
  }
}
