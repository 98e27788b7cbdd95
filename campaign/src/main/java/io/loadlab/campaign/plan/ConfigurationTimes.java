package io.loadlab.campaign.plan;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.BringUps;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.workload.Server;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import io.loadlab.provision.lab.LabFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How long a configuration takes around its runs, for the plan's estimate and the ETA: bringing it
 * up ({@code lab up}, {@code provision apply}), its servers until ready, its setup commands, and
 * bringing it down. A configuration of the same name that a campaign.json recorded ({@code
 * configurationTimes}, its longest bring-up) takes what it took there; otherwise (and for a part
 * not recorded) the defaults below, per kind, as a quiet 2-core machine takes them
 * (docs/campaigns.md).
 */
public final class ConfigurationTimes {
  /**
   * {@code lab up}: its JVM, then per host a namespace and its links. On a quiet 2-core machine 3
   * to 6 hosts took 0.56-0.76 s, 12 hosts 1.07-1.19 s (docs/campaigns.md).
   */
  static final double LAB_UP_SECONDS = 0.5;

  static final double LAB_UP_PER_HOST_SECONDS = 0.05;

  /** {@code lab down}: 2 hosts took 0.46-0.67 s, 6 hosts 1.16-1.35 s, 12 hosts 2.75-3.11 s. */
  static final double LAB_DOWN_SECONDS = 0.5;

  static final double LAB_DOWN_PER_HOST_SECONDS = 0.2;

  /** {@code provision apply} / {@code teardown} of a testbed: machines vary; a rough guess. */
  static final double TESTBED_UP_SECONDS = 60;

  static final double TESTBED_DOWN_SECONDS = 20;

  /** A server whose workload gives no estimate, until it is ready. */
  static final double SERVER_SECONDS = 3;

  /** A setup command whose workload gives no estimate. */
  static final double SETUP_SECONDS = 3;

  /**
   * A configuration's parts, in seconds.
   *
   * @param measured whether any part came from a campaign.json
   */
  record Parts(double up, double services, double setup, double down, boolean measured) {
    double total() {
      return up + services + setup + down;
    }
  }

  private final Map<String, Manifest.ConfigurationTime> recorded;

  /** The campaign's configurations in order, for what an earlier one leaves (kept data). */
  private List<Campaign.Configuration> order = List.of();

  /** Defaults only. */
  ConfigurationTimes() {
    this(null);
  }

  /** What {@code recorded} (a campaign.json's configurationTimes, may be null) measured. */
  public ConfigurationTimes(Map<String, Manifest.ConfigurationTime> recorded) {
    this.recorded = recorded == null ? Map.of() : recorded;
  }

  /**
   * Tells the defaults the campaign's configurations in the order they come up, so a server's data
   * an earlier one left in the same directory counts as kept in a later one.
   */
  public ConfigurationTimes in(List<Campaign.Configuration> configurations) {
    this.order = configurations;
    return this;
  }

  /** The parts of {@code c}: measured where recorded, else defaults. */
  Parts of(Campaign.Configuration c) {
    int at = order.indexOf(c);
    Parts d = defaults(c, at < 0 ? List.of() : order.subList(0, at));
    Manifest.ConfigurationTime m = BringUps.fullest(recorded.get(c.name()));
    if (m == null) {
      return d;
    }
    return new Parts(
        or(m.upSeconds, d.up()),
        or(m.servicesSeconds, d.services()),
        or(m.setupSeconds, d.setup()),
        or(m.downSeconds, d.down()),
        true);
  }

  /**
   * The phases (apply, boot to SSH, install, services ready, runs, teardown) that {@code c}'s last
   * bring-up recorded, or null: a testbed's, for the plan to show what each will take.
   */
  Map<String, Double> phases(Campaign.Configuration c) {
    Manifest.ConfigurationTime m = BringUps.fullest(recorded.get(c.name()));
    return m == null ? null : m.phases;
  }

  /** The configurations among {@code cs} with recorded times. */
  int measured(List<Campaign.Configuration> cs) {
    return (int) cs.stream().filter(c -> recorded.containsKey(c.name())).count();
  }

  /** The defaults of {@code c}'s kind, servers and setup commands, as the first configuration. */
  static Parts defaults(Campaign.Configuration c) {
    return defaults(c, List.of());
  }

  /**
   * The defaults of {@code c}'s kind, servers and setup commands, after {@code earlier}, as their
   * workloads estimate them ({@link Server}, {@link io.loadlab.core.workload.SetupEstimate}). A
   * server that keeps data ({@link Server.KeptData}: the embedded PostgreSQL's cluster) whose
   * directory holds it already on this machine (a configuration without a testbed: here or in lab
   * hosts, whose files are this machine's), or that an earlier configuration's server used, is
   * kept: it starts quicker; where all of a configuration's such servers are kept, its setup
   * commands are told so (a DS2 load finds its database loaded).
   */
  static Parts defaults(Campaign.Configuration c, List<Campaign.Configuration> earlier) {
    double up = 0;
    double down = 0;
    switch (c.kind()) {
      case NONE -> {}
      case TESTBED -> {
        up = TESTBED_UP_SECONDS;
        down = c.keep() ? 0 : TESTBED_DOWN_SECONDS;
      }
      case LAB -> {
        int hosts = labHosts(c);
        up = LAB_UP_SECONDS + hosts * LAB_UP_PER_HOST_SECONDS;
        down = c.keep() ? 0 : LAB_DOWN_SECONDS + hosts * LAB_DOWN_PER_HOST_SECONDS;
      }
    }
    java.util.Set<String> before = new java.util.HashSet<>();
    earlier.forEach(e -> e.services().forEach(s -> before.add(dataDir(s))));
    boolean local = c.kind() != Campaign.Kind.TESTBED;
    int keeping = 0;
    int kept = 0;
    double servers = 0;
    for (Campaign.Service s : c.services()) {
      if (s.readyPort() != Campaign.Service.TO_COMPLETION) {
        Server server = server(s.args());
        String dir = dataDir(s);
        boolean keptOne =
            dir != null
                && (before.contains(dir) || local && server.kept().holdsData().test(Path.of(dir)));
        if (server != null && server.kept() != null) {
          keeping++;
          kept += keptOne ? 1 : 0;
        }
        servers += keptOne ? server.kept().startSeconds() : serverSeconds(s.args());
      }
    }
    boolean dataKept = keeping > 0 && kept == keeping;
    double setup = 0;
    for (Campaign.Service s : c.services()) {
      if (s.readyPort() == Campaign.Service.TO_COMPLETION) {
        setup += setupSeconds(s.args(), dataKept);
      }
    }
    return new Parts(up, servers, setup, down, false);
  }

  /** What the workload of a service's command tells as a server, or null. */
  private static Server server(List<String> args) {
    WorkloadCommand command = Workloads.installed().find(args);
    return command == null ? null : command.server();
  }

  /**
   * A service's kept data directory as given (its server's {@link Server.KeptData#option}), or null
   * (another service, none given, a ${var}).
   */
  private static String dataDir(Campaign.Service s) {
    List<String> a = s.args();
    Server server = server(a);
    if (server == null || server.kept() == null) {
      return null;
    }
    int at = a.indexOf("--" + server.kept().option());
    if (at < 0 || at + 1 >= a.size()) {
      return null;
    }
    String dir = a.get(at + 1);
    return dir.contains("$") ? null : dir;
  }

  /** A server's default time until it is ready, by its workload's estimate. */
  static double serverSeconds(List<String> args) {
    Server server = server(args);
    return server == null ? SERVER_SECONDS : server.startSeconds();
  }

  /**
   * A setup command's default time, by its workload's estimate ({@code ds2 load}: by its {@code
   * --db-size}, or quick where every server that keeps data kept it).
   */
  static double setupSeconds(List<String> args, boolean dataKept) {
    WorkloadCommand command = Workloads.installed().find(args);
    return command == null || command.setup() == null
        ? SETUP_SECONDS
        : command.setup().seconds(args, dataKept);
  }

  /**
   * What the configurations' parts are, for the plan: e.g. {@code lab up, 4 services, 4 setup
   * commands}; empty when they have none.
   */
  static String describe(List<Campaign.Configuration> cs) {
    List<String> parts = new ArrayList<>();
    if (cs.stream().anyMatch(c -> c.kind() == Campaign.Kind.LAB)) {
      parts.add("lab up");
    }
    if (cs.stream().anyMatch(c -> c.kind() == Campaign.Kind.TESTBED)) {
      parts.add("provision apply");
    }
    long servers = 0;
    long setups = 0;
    for (Campaign.Configuration c : cs) {
      for (Campaign.Service s : c.services()) {
        if (s.readyPort() == Campaign.Service.TO_COMPLETION) {
          setups++;
        } else {
          servers++;
        }
      }
    }
    if (servers > 0) {
      parts.add(servers + (servers == 1 ? " service" : " services"));
    }
    if (setups > 0) {
      parts.add(setups + (setups == 1 ? " setup command" : " setup commands"));
    }
    return String.join(", ", parts);
  }

  private static int labHosts(Campaign.Configuration c) {
    try {
      return LabFile.read(c.file()).hosts().size();
    } catch (RuntimeException e) {
      return c.machines().size();
    }
  }

  private static double or(Double measured, double otherwise) {
    return measured == null ? otherwise : measured;
  }
}
