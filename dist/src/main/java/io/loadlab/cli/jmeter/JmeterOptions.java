package io.loadlab.cli.jmeter;

import io.loadlab.cli.OptionDefs;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Kind;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * The descriptions of {@code jmeter run}'s options ({@link OptionSpec}), which its command line,
 * campaign steps and docs/configuration.md all use.
 */
public final class JmeterOptions {
  private JmeterOptions() {}

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

  /**
   * The command-line options: as described, with {@code --property} also {@code -J}, as JMeter's.
   */
  static Options commandLine() {
    Options o = new Options();
    for (OptionSpec s : OPTIONS.specs()) {
      o.addOption(
          s.kind() == Kind.KEYED
              ? Option.builder("J")
                  .longOpt(s.name())
                  .numberOfArgs(2)
                  .valueSeparator('=')
                  .argName(s.arg())
                  .type(List.class)
                  .desc(s.help())
                  .build()
              : OptionDefs.of(s));
    }
    return o;
  }

  /** The option table of docs/configuration.md that these describe, by its heading. */
  public static Map<String, OptionTable> docsSections() {
    return Map.of("## `loadlab jmeter run`", OPTIONS);
  }
}
