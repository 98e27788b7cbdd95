package io.loadlab.campaign.run;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.Workloads;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.lab.LabNetwork;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a campaign asks before it takes a service as ready: that the service itself said so
 * (loadlab's servers print {@code listening on} once they accept connections), that its port
 * listens on its machine, and that a connection from where the runs will come succeeds; and, before
 * it starts it, that no other process holds its port already.
 */
final class ServiceReadiness {
  private static final int CONNECT_TIMEOUT_MS = 3_000;

  private ServiceReadiness() {}

  /**
   * The words the service prints once it is ready, if it is a loadlab server that says so (its
   * workload's descriptor tells: {@code net serve}, {@code broker}, {@code database}); else null.
   */
  static String readyWords(Campaign.Service s) {
    if (s.args().size() < 2) {
      return null;
    }
    WorkloadCommand c = Workloads.installed().find(s.args());
    return c == null || c.server() == null ? null : c.server().readyWords();
  }

  /** True once the service's log has its ready line, {@code words}. */
  static boolean saidReady(Path log, String words) {
    try {
      return Files.exists(log)
          && new String(Files.readAllBytes(log), StandardCharsets.UTF_8).contains(words);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The line of {@code ss} for whoever listens on {@code port} on the machine (with its process
   * where {@code ss} tells it), or null if nobody does.
   */
  static String listener(Campaign.Configuration c, String machine, int port)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(StepExecutors.prefix(c, machine));
    cmd.addAll(List.of("ss", "-Htlnp"));
    String out = run(cmd);
    for (String line : out.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 4 && f[3].endsWith(":" + port)) {
        return line.trim().replaceAll("\\s+", " ");
      }
    }
    return null;
  }

  /**
   * True if a TCP connection to the service's port succeeds from every machine in {@code from}
   * (here, for a configuration without lab hosts; otherwise from each lab host to any of the
   * service host's addresses, or to the loopback address on the service's own host).
   */
  static boolean connects(
      Campaign.Configuration c, String serviceMachine, Collection<String> from, int port)
      throws IOException, InterruptedException {
    if (c.kind() != Campaign.Kind.LAB || serviceMachine == null) {
      return connectsHere("127.0.0.1", port);
    }
    Map<String, Map<String, String>> all =
        new LabNetwork(LabFile.read(c.file()), c.labStateDir()).addresses();
    List<String> targets = new ArrayList<>();
    Map<String, String> mine = all.get(serviceMachine);
    if (mine != null) {
      targets.addAll(mine.values());
    }
    List<String> clients = new ArrayList<>(from);
    clients.remove(serviceMachine);
    if (clients.isEmpty()) {
      return connectsFrom(c, serviceMachine, List.of("127.0.0.1"), port);
    }
    for (String client : clients) {
      if (!connectsFrom(c, client, targets, port)) {
        return false;
      }
    }
    return true;
  }

  private static boolean connectsHere(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Connects from a lab host to any of {@code addresses} with bash's {@code /dev/tcp}. */
  private static boolean connectsFrom(
      Campaign.Configuration c, String machine, List<String> addresses, int port)
      throws IOException, InterruptedException {
    for (String address : addresses) {
      String host = address.contains("/") ? address.substring(0, address.indexOf('/')) : address;
      List<String> cmd = new ArrayList<>(StepExecutors.prefix(c, machine));
      cmd.addAll(
          List.of(
              "timeout",
              String.valueOf(CONNECT_TIMEOUT_MS / 1000),
              "bash",
              "-c",
              "exec 3<>/dev/tcp/\"$0\"/\"$1\"",
              host,
              String.valueOf(port)));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      if (p.waitFor(CONNECT_TIMEOUT_MS + 2_000, TimeUnit.MILLISECONDS) && p.exitValue() == 0) {
        return true;
      }
      p.destroyForcibly();
    }
    return false;
  }

  /** The last {@code n} lines of a log, indented, for a message; empty if there are none. */
  static String lastLines(Path log, int n) {
    try {
      if (!Files.exists(log)) {
        return "";
      }
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      List<String> tail = lines.subList(Math.max(0, lines.size() - n), lines.size());
      return tail.isEmpty() ? "" : "; its log ends:\n    " + String.join("\n    ", tail);
    } catch (IOException e) {
      return "";
    }
  }

  private static String run(List<String> cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }
}
