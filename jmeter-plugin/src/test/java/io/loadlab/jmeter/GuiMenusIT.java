package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.jmeter.amqp.AmqpConnectionConfig;
import io.loadlab.jmeter.amqp.AmqpConsumeSampler;
import io.loadlab.jmeter.amqp.AmqpPublishSampler;
import io.loadlab.jmeter.amqp.AmqpRoundTripSampler;
import io.loadlab.jmeter.ds2.Ds2BrowseSampler;
import io.loadlab.jmeter.ds2.Ds2Database;
import io.loadlab.jmeter.ds2.Ds2LoginSampler;
import io.loadlab.jmeter.ds2.Ds2NewCustomerSampler;
import io.loadlab.jmeter.ds2.Ds2OrderSampler;
import io.loadlab.jmeter.ds2.Ds2PurchaseSampler;
import io.loadlab.jmeter.net.NetCrrSampler;
import io.loadlab.jmeter.net.NetRrSampler;
import io.loadlab.jmeter.net.NetworkTarget;
import io.loadlab.jmeter.results.LoadlabResultsListener;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.jmeter.gui.util.MenuFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * JMeter 5.6.3's GUI with the plugin installed, on an X server of its own (Xvfb, installed by
 * .ci/run): every loadlab element is in JMeter's own Add menus (samplers under Sampler, config
 * elements under Config Element, the results listener under Listener), jmeter.log names no loadlab
 * class JMeter could not give a menu, and the listener's panel is saved as a screenshot ({@code
 * target/screenshots/jmeter-results-listener.png}, the one in docs/jmeter.md).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class GuiMenusIT {
  private static final Map<String, List<Class<?>>> MENUS =
      Map.of(
          MenuFactory.SAMPLERS,
          List.of(
              NetRrSampler.class,
              NetCrrSampler.class,
              AmqpPublishSampler.class,
              AmqpConsumeSampler.class,
              AmqpRoundTripSampler.class,
              Ds2LoginSampler.class,
              Ds2BrowseSampler.class,
              Ds2PurchaseSampler.class,
              Ds2NewCustomerSampler.class,
              Ds2OrderSampler.class,
              io.loadlab.jmeter.workload.WorkloadSampler.class),
          MenuFactory.CONFIG_ELEMENTS,
          List.of(NetworkTarget.class, AmqpConnectionConfig.class, Ds2Database.class),
          MenuFactory.LISTENERS,
          List.of(LoadlabResultsListener.class));

  @Test
  void everyLoadlabElementIsInJmetersMenusAndTheListenerHasAPanel() throws Exception {
    Path xvfb = Path.of("/usr/bin/Xvfb");
    assumeTrue(
        Files.isExecutable(xvfb), "needs Xvfb for JMeter's GUI: apt-get install xvfb (.ci/run)");
    RealJMeter jmeter = RealJMeter.installed();
    Path work = Files.createDirectories(Path.of("target", "gui-it")).toAbsolutePath();
    Path shots = Files.createDirectories(Path.of("target", "screenshots")).toAbsolutePath();
    Path png = shots.resolve("jmeter-results-listener.png");
    Files.deleteIfExists(png);
    Path log = work.resolve("jmeter.log");
    Files.deleteIfExists(log);
    Path plan = Path.of(System.getProperty("loadlab.plans"), "net-rr.jmx");

    int first = 100 + ThreadLocalRandom.current().nextInt(800);
    Process x = null;
    int display = -1;
    for (int attempt = 0; attempt < 10 && x == null; attempt++) {
      int d = first + attempt;
      Process p =
          new ProcessBuilder(
                  xvfb.toString(), ":" + d, "-screen", "0", "1400x900x24", "-nolisten", "tcp")
              .redirectErrorStream(true)
              .redirectOutput(work.resolve("xvfb.log").toFile())
              .start();
      Path socket = Path.of("/tmp/.X11-unix/X" + d);
      for (int i = 0; i < 100 && p.isAlive() && !Files.exists(socket); i++) {
        Thread.sleep(100);
      }
      if (p.isAlive() && Files.exists(socket)) {
        x = p;
        display = d;
      } else {
        p.destroyForcibly(); // the display was taken: another one
      }
    }
    assertTrue(x != null, "Xvfb started: " + Files.readString(work.resolve("xvfb.log")));
    Path out = work.resolve("probe.out");
    try {
      List<String> cmd = new ArrayList<>();
      cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      cmd.add("-Xmx512m");
      cmd.add("-Djmeter.home=" + jmeter.home());
      cmd.add("-cp");
      cmd.add(classpath(jmeter.home()));
      cmd.add(GuiProbe.class.getName());
      cmd.addAll(
          List.of(
              plan.toString(), png.toString(), LoadlabResultsListener.class.getName(), "" + log));
      ProcessBuilder pb =
          new ProcessBuilder(cmd)
              .directory(jmeter.home().resolve("bin").toFile())
              .redirectErrorStream(true)
              .redirectOutput(out.toFile());
      pb.environment().put("DISPLAY", ":" + display);
      Process probe = pb.start();
      boolean ended = probe.waitFor(200, TimeUnit.SECONDS);
      if (!ended) {
        probe.destroyForcibly();
      }
      String printed = Files.readString(out);
      assertTrue(ended, "the probe ended: " + printed);
      assertEquals(0, probe.exitValue(), printed);

      String jmeterLog = Files.readString(log);
      List<String> unassigned =
          jmeterLog.lines().filter(l -> l.contains("Could not assign GUI class")).toList();
      assertTrue(
          unassigned.stream().noneMatch(l -> l.contains("io.loadlab")),
          "JMeter gave every loadlab element a menu: " + unassigned);
      for (var e : MENUS.entrySet()) {
        for (Class<?> c : e.getValue()) {
          String name =
              ResourceBundle.getBundle(c.getName() + "Resources").getString("displayName");
          assertTrue(
              printed.contains("menu " + e.getKey() + ": " + name + "\n"),
              c.getSimpleName() + " under " + e.getKey() + ":\n" + printed);
        }
      }
      assertTrue(printed.contains("selected: "), printed);
      assertTrue(Files.size(png) > 10_000, "a screenshot of the listener's panel: " + png);
    } finally {
      x.destroy();
      x.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** JMeter's launcher, lib/ and lib/ext jars (as its NewDriver loads them), then the probe. */
  private static String classpath(Path home) throws Exception {
    List<String> cp = new ArrayList<>();
    try (Stream<Path> bin = Files.list(home.resolve("bin"))) {
      bin.filter(p -> p.getFileName().toString().matches("ApacheJMeter.*\\.jar"))
          .forEach(p -> cp.add(p.toString()));
    }
    for (String dir : List.of("lib", "lib/ext")) {
      try (Stream<Path> jars = Files.list(home.resolve(dir))) {
        jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> cp.add(p.toString()));
      }
    }
    cp.add(Path.of("target", "test-classes").toAbsolutePath().toString());
    return String.join(File.pathSeparator, cp);
  }
}
