package io.loadlab.cli.campaign;

import io.loadlab.campaign.file.CampaignSpec;
import io.loadlab.provision.ssh.KnownHosts;
import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Role;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.YamlFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The example campaigns on lab hardware (configurations bringing up testbeds of real machines), as
 * a test plans them on a machine that is not the lab: what it lacks (the lab's SSH key, host keys,
 * the install tarball, password files) and a copy of the example with every piece in place.
 */
public final class HardwareExamples {
  private HardwareExamples() {}

  /** The testbed files the campaign's configurations bring up, as the plan names them. */
  public static List<Path> testbeds(Path campaign) {
    Set<Path> out = new LinkedHashSet<>();
    for (CampaignSpec.ConfigurationSpec c : spec(campaign).configurations()) {
      if (c != null && c.testbed() != null) {
        out.add(campaign.toAbsolutePath().getParent().resolve(c.testbed()).normalize());
      }
    }
    return new ArrayList<>(out);
  }

  /** True if every host of the campaign's testbeds is this machine ({@code local: true}). */
  static boolean onThisMachine(Path campaign) {
    List<Path> tbs = testbeds(campaign);
    return !tbs.isEmpty()
        && tbs.stream()
            .allMatch(
                tb -> TestbedFile.read(tb).hosts().values().stream().allMatch(h -> h.isLocal()));
  }

  /**
   * The file and field ({@code FILE: FIELD: }) of every problem the plan finds with a home that
   * holds no SSH key and no known_hosts: each host's (and each guest with a role's) key file and
   * host key, an install tarball not built here, a step's password file the example does not ship.
   */
  public static Set<String> expectedProblems(Path campaign) {
    Set<String> out = new LinkedHashSet<>();
    for (Path tb : testbeds(campaign)) {
      Testbed t = TestbedFile.read(tb);
      for (String h : t.hosts().keySet()) {
        out.add(tb + ": hosts." + h + ".key-file: ");
        out.add(tb + ": hosts." + h + ".known-hosts: ");
      }
      for (Role r : t.roles()) {
        if (t.guests().containsKey(r.on())) {
          out.add(tb + ": guests." + r.on() + ".key-file: ");
          out.add(tb + ": guests." + r.on() + ".known-hosts: ");
        }
      }
      if (t.install() != null
          && t.install().loadlab() != null
          && !Files.isReadable(tb.getParent().resolve(t.install().loadlab()))) {
        out.add(tb + ": install.loadlab: ");
      }
    }
    List<CampaignSpec.StepSpec> steps = spec(campaign).steps();
    for (int i = 0; i < steps.size(); i++) {
      Object pw = steps.get(i).options().get("password-file");
      if (pw != null && !Files.exists(campaign.toAbsolutePath().resolveSibling(pw.toString()))) {
        out.add(campaign.toAbsolutePath() + ": steps[" + i + "].options.password-file: ");
      }
    }
    return out;
  }

  /**
   * The file and field ({@code FILE: FIELD: }) of every problem the plan of a campaign {@link
   * #onThisMachine} finds with a home that holds no SSH key: each host-root guest's key file (it
   * authorizes the key's {@code .pub}), and an install tarball not built yet (before the package
   * phase, a fresh clone's test run).
   */
  static Set<String> expectedOnThisMachine(Path campaign) {
    Set<String> out = new LinkedHashSet<>();
    for (Path tb : testbeds(campaign)) {
      Testbed t = TestbedFile.read(tb);
      t.guests()
          .forEach(
              (name, g) -> {
                if (g.sharesHostRoot()) {
                  out.add(tb + ": guests." + name + ".key-file: ");
                }
              });
      if (t.install() != null
          && t.install().loadlab() != null
          && !Files.isReadable(tb.getParent().resolve(t.install().loadlab()))) {
        out.add(tb + ": install.loadlab: ");
      }
    }
    // A jmeter step's JMeter home (examples/guest-lab: /opt/apache-jmeter-5.6.3) where this
    // machine has none yet (.ci/run puts it there after the README's test command).
    List<CampaignSpec.StepSpec> steps = spec(campaign).steps();
    for (int i = 0; i < steps.size(); i++) {
      Object jmeter = steps.get(i).options().get("jmeter");
      if ("jmeter run".equals(steps.get(i).run())
          && jmeter != null
          && !Files.isDirectory(Path.of(jmeter.toString()).resolve("bin"))) {
        out.add(campaign.toAbsolutePath() + ": steps[" + i + "].options: ");
      }
    }
    return out;
  }

  /** {@code FILE: FIELD: } of a problem line (the text up to its second ": "). */
  public static String fileAndField(String line) {
    int first = line.indexOf(": ");
    int second = first < 0 ? -1 : line.indexOf(": ", first + 2);
    return second < 0 ? line : line.substring(0, second + 2);
  }

  /**
   * Copies the example's directory under {@code root} (keeping its place in the repository, for
   * paths such as {@code ../../dist/target/...}) with every piece the lab would have: the install
   * tarballs, the steps' password files, and in {@code home} an SSH key and a known_hosts holding a
   * key for every host and guest. Returns the copied campaign file.
   */
  public static Path withEveryPiece(Path campaign, Path root, Path home) throws Exception {
    Path exampleDir = campaign.toAbsolutePath().getParent();
    Path copy = root.resolve("examples").resolve(exampleDir.getFileName());
    Files.createDirectories(copy);
    try (Stream<Path> files = Files.list(exampleDir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    Path copied = copy.resolve(campaign.getFileName());
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(256);
    PublicKey hostKey = g.generateKeyPair().getPublic();
    for (Path tb : testbeds(copied)) {
      Testbed t = TestbedFile.read(tb);
      for (Host h : t.hosts().values()) {
        Files.createDirectories(resolve(tb, h.keyFile(), home).getParent());
        Files.writeString(resolve(tb, h.keyFile(), home), "a key file\n");
        KnownHosts.record(resolve(tb, h.knownHosts(), home), h.address(), h.sshPort(), hostKey);
      }
      for (Guest gu : t.guests().values()) {
        Host h = t.hosts().get(gu.host());
        String kh = gu.knownHosts() == null ? h.knownHosts() : gu.knownHosts();
        KnownHosts.record(resolve(tb, kh, home), gu.address(), gu.sshPort(), hostKey);
      }
      if (t.install() != null && t.install().loadlab() != null) {
        Path tarball = tb.getParent().resolve(t.install().loadlab()).normalize();
        Files.createDirectories(tarball.getParent());
        Files.writeString(tarball, "a tarball");
      }
    }
    for (CampaignSpec.StepSpec s : spec(copied).steps()) {
      for (Map.Entry<String, Object> o : s.options().entrySet()) {
        if (o.getKey().endsWith("password-file")) {
          Files.writeString(copy.resolve(o.getValue().toString()), "example-only\n");
        }
      }
    }
    return copied;
  }

  private static Path resolve(Path testbed, String path, Path home) {
    return path.startsWith("~/")
        ? home.resolve(path.substring(2))
        : testbed.getParent().resolve(path).normalize();
  }

  private static CampaignSpec spec(Path campaign) {
    return YamlFiles.read(campaign, CampaignSpec.class);
  }

  /** Runs {@code loadlab args} in this JVM with {@code home} as the home directory. */
  public static io.loadlab.cli.CliRun withHome(Path home, String... args) throws IOException {
    String old = System.getProperty("user.home");
    System.setProperty("user.home", home.toString());
    try {
      return io.loadlab.cli.CliRun.of(args);
    } finally {
      System.setProperty("user.home", old);
    }
  }
}
