package io.loadlab.campaign.file;

import io.loadlab.provision.placement.Placement;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A checked campaign: what {@link CampaignValidator} makes of a {@link CampaignSpec}. Everything
 * here has been validated; {@link Matrix} expands it into runs.
 *
 * @param attributes configuration name to its attributes (name to value as text), for those that
 *     have any
 * @param tables the report's own tables, empty for the default report
 */
public record Campaign(
    Path file,
    String name,
    String description,
    Iterations iterations,
    ReportRule rule,
    boolean stopOnFailure,
    String baseline,
    List<Configuration> configurations,
    List<Step> steps,
    Map<String, Map<String, String>> attributes,
    List<LayoutTable> tables) {

  /** How a configuration is brought up. */
  public enum Kind {
    /** This machine as it is. */
    NONE,
    /** {@code loadlab provision apply} / {@code teardown}. */
    TESTBED,
    /** {@code loadlab lab up} / {@code down}. */
    LAB
  }

  /**
   * A checked configuration.
   *
   * @param file the testbed or lab file (absolute), or null
   * @param labName the lab's name (its namespaces are {@code ll-<labName>-<host>}), or null
   * @param machines the machines steps may name in {@code on}
   * @param jmeterServers a testbed's {@code jmeter-server} machines, each to its {@code host:port}
   *     for JMeter's {@code -R}
   */
  public record Configuration(
      String name,
      Kind kind,
      Path file,
      boolean keep,
      Map<String, String> vars,
      String labName,
      Set<String> machines,
      List<Service> services,
      Map<String, String> jmeterServers) {
    public Configuration(
        String name,
        Kind kind,
        Path file,
        boolean keep,
        Map<String, String> vars,
        String labName,
        Set<String> machines,
        List<Service> services) {
      this(name, kind, file, keep, vars, labName, machines, services, Map.of());
    }

    /** The lab's state directory, where {@code lab up} writes {@code lab.json}. */
    public Path labStateDir() {
      return file.resolveSibling(file.getFileName() + ".d");
    }

    /**
     * What its bring-up and bring-down run ({@code lab up}, {@code provision apply}, …), for {@code
     * campaign plan} and the runner's progress.
     */
    public String control() {
      return switch (kind) {
        case NONE -> "this machine as it is";
        case TESTBED ->
            "testbed "
                + file
                + " (provision apply"
                + (keep ? ", kept after)" : "; teardown after)");
        case LAB -> "lab " + file + " (lab up" + (keep ? ", kept after)" : "; lab down after)");
      };
    }
  }

  /**
   * A checked step.
   *
   * @param command the command's words, such as {@code net rr}
   * @param options option to value (empty string for a flag), before variables are filled in
   * @param sweep option to values, in file order
   * @param clients where it runs: one client with no machine means here
   * @param bestOver swept options the report also takes the best over
   */
  public record Step(
      String name,
      String command,
      Map<String, String> options,
      LinkedHashMap<String, List<String>> sweep,
      Iterations iterations,
      List<Client> clients,
      String operation,
      List<String> figures,
      List<String> bestOver) {}

  /**
   * A server started on a machine (null: here) while the configuration is up, ready when {@code
   * readyPort} listens and it said so, within {@code readyTimeout} (null: the default) (port 0:
   * when it is still running after a second); or, with {@link #TO_COMPLETION}, a setup command the
   * configuration waits for to end with exit code 0.
   */
  public record Service(
      String machine, List<String> args, int readyPort, java.time.Duration readyTimeout) {
    /** The readyPort of a setup command. */
    public static final int TO_COMPLETION = -1;

    /** A service with the default ready timeout. */
    public Service(String machine, List<String> args, int readyPort) {
      this(machine, args, readyPort, null);
    }
  }

  /**
   * One client of a step: a machine (null: here), its own options, and the placement its command
   * runs under ({@code nice}, {@code numactl}; {@link Placement#NONE} for none).
   */
  public record Client(String machine, Map<String, String> options, Placement placement) {
    /** A client run as started, without a placement wrapper. */
    public Client(String machine, Map<String, String> options) {
      this(machine, options, Placement.NONE);
    }
  }
}
