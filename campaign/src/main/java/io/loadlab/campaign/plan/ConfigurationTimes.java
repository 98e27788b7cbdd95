package io.loadlab.campaign.plan;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.results.BringUps;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.provision.lab.LabFile;
import java.nio.file.Files;
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
  /** {@code lab up}: its JVM, then per host a namespace, links and sshd. */
  static final double LAB_UP_SECONDS = 1;

  static final double LAB_UP_PER_HOST_SECONDS = 0.5;
  static final double LAB_DOWN_SECONDS = 1;
  static final double LAB_DOWN_PER_HOST_SECONDS = 0.25;

  /** {@code provision apply} / {@code teardown} of a testbed: machines vary; a rough guess. */
  static final double TESTBED_UP_SECONDS = 60;

  static final double TESTBED_DOWN_SECONDS = 20;

  /** {@code loadlab database}: an embedded PostgreSQL initialised and started. */
  static final double DATABASE_SECONDS = 5;

  /**
   * {@code loadlab database} on a {@code --data-dir} that holds a cluster already (kept from an
   * earlier configuration or campaign): started, not initialised.
   */
  static final double DATABASE_KEPT_SECONDS = 2;

  static final double BROKER_SECONDS = 5;
  static final double NET_SERVE_SECONDS = 1.5;

  /** Any other server until it is ready. */
  static final double SERVER_SECONDS = 3;

  /** {@code ds2 load}: its JVM and schema, then per MB of {@code --db-size}. */
  static final double DS2_LOAD_SECONDS = 2;

  static final double DS2_LOAD_PER_MB_SECONDS = 0.1;

  /**
   * {@code ds2 load} in a configuration whose databases are all kept ones: it finds its database
   * loaded ("already loaded") and ends after its JVM and that check.
   */
  static final double DS2_LOADED_SECONDS = 1.5;

  /** Any other setup command. */
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

  /** The campaign's configurations in order, for what an earlier one leaves (kept databases). */
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
   * Tells the defaults the campaign's configurations in the order they come up, so a database an
   * earlier one initialised on the same {@code --data-dir} counts as kept in a later one.
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
   * The defaults of {@code c}'s kind, servers and setup commands, after {@code earlier}. A {@code
   * database} whose {@code --data-dir} holds a cluster already on this machine (a configuration
   * without a testbed: here or in lab hosts, whose files are this machine's), or that an earlier
   * configuration's database used, is kept: it starts without initialising; where all of a
   * configuration's databases are kept, its {@code ds2 load} commands find their databases loaded.
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
    int databases = 0;
    int kept = 0;
    double servers = 0;
    for (Campaign.Service s : c.services()) {
      if (s.readyPort() != Campaign.Service.TO_COMPLETION) {
        String dir = dataDir(s);
        boolean keptOne =
            dir != null && (before.contains(dir) || local && holdsCluster(Path.of(dir)));
        if (String.join(" ", s.args()).startsWith("database")) {
          databases++;
          kept += keptOne ? 1 : 0;
        }
        servers += keptOne ? DATABASE_KEPT_SECONDS : serverSeconds(s.args());
      }
    }
    boolean loaded = databases > 0 && kept == databases;
    double setup = 0;
    for (Campaign.Service s : c.services()) {
      if (s.readyPort() == Campaign.Service.TO_COMPLETION) {
        setup += loaded && isDs2Load(s.args()) ? DS2_LOADED_SECONDS : setupSeconds(s.args());
      }
    }
    return new Parts(up, servers, setup, down, false);
  }

  /** A database service's {@code --data-dir} as given, or null (another service, a ${var}). */
  private static String dataDir(Campaign.Service s) {
    List<String> a = s.args();
    int at = a.indexOf("--data-dir");
    if (a.isEmpty() || !a.get(0).equals("database") || at < 0 || at + 1 >= a.size()) {
      return null;
    }
    String dir = a.get(at + 1);
    return dir.contains("$") ? null : dir;
  }

  /** True if {@code dir} holds a PostgreSQL cluster (its {@code PG_VERSION}). */
  private static boolean holdsCluster(Path dir) {
    try {
      return Files.isRegularFile(dir.resolve("PG_VERSION"));
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static boolean isDs2Load(List<String> args) {
    return args.size() >= 2 && args.get(0).equals("ds2") && args.get(1).equals("load");
  }

  /** A server's default time until it is ready, by its command. */
  static double serverSeconds(List<String> args) {
    String command = String.join(" ", args.subList(0, Math.min(2, args.size())));
    if (command.startsWith("database")) {
      return DATABASE_SECONDS;
    }
    if (command.startsWith("broker")) {
      return BROKER_SECONDS;
    }
    return command.equals("net serve") ? NET_SERVE_SECONDS : SERVER_SECONDS;
  }

  /** A setup command's default time: {@code ds2 load} by its {@code --db-size}. */
  static double setupSeconds(List<String> args) {
    if (args.size() < 2 || !args.get(0).equals("ds2") || !args.get(1).equals("load")) {
      return SETUP_SECONDS;
    }
    int at = args.indexOf("--db-size");
    Ds2Size size = Ds2Size.SMALL;
    if (at >= 0 && at + 1 < args.size()) {
      try {
        size = Ds2Size.parse("--db-size", args.get(at + 1));
      } catch (RuntimeException e) {
        // A ${var} or a size the command refuses: the command says so when it runs.
      }
    }
    // DS2's sizes scale with customers: 10 MB is 20,000 of them.
    double mb = size.customers() * 10.0 / Ds2Size.SMALL.customers();
    return DS2_LOAD_SECONDS + mb * DS2_LOAD_PER_MB_SECONDS;
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
