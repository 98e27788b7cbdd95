package io.loadlab.provision.lab;

import static io.loadlab.provision.lab.LocalCommands.must;

import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenSSH's sshd inside lab hosts: each with its own host key and config in the lab's state
 * directory, root login only with the lab's key ({@code id_ed25519}), and a {@code known_hosts}
 * holding every sshd host's key under each of its addresses, so a testbed file can point at them.
 */
final class LabSshd {
  static final String SSHD = "/usr/sbin/sshd";

  private final Lab lab;
  private final LabNetwork net;
  private final Path dir;

  LabSshd(Lab lab, LabNetwork net, Path dir) {
    this.lab = lab;
    this.net = net;
    this.dir = dir;
  }

  /**
   * Refuses a lab whose hosts ask for sshd when this machine cannot give it to them ({@code sshd}
   * or {@code ssh-keygen} missing), before anything is created.
   */
  static void requireTools(Lab lab, Path sshd) {
    List<String> hosts = sshdHosts(lab);
    if (hosts.isEmpty()) {
      return;
    }
    String field = "hosts." + hosts.get(0) + ".sshd";
    if (!Files.isExecutable(sshd)) {
      throw new UsageException(
          field
              + ": true, but "
              + sshd
              + " is missing; install openssh-server (Debian) or set sshd: false");
    }
    if (LocalCommands.onPath("ssh-keygen") == null) {
      throw new UsageException(
          field
              + ": true, but ssh-keygen is missing; install openssh-client (Debian) or set sshd:"
              + " false");
    }
  }

  private List<String> sshdHosts() {
    return sshdHosts(lab);
  }

  private static List<String> sshdHosts(Lab lab) {
    List<String> hosts = new ArrayList<>();
    lab.hosts()
        .forEach(
            (name, h) -> {
              if (h.runsSshd()) {
                hosts.add(name);
              }
            });
    return hosts;
  }

  void start() throws IOException {
    List<String> hosts = sshdHosts();
    if (hosts.isEmpty()) {
      return;
    }
    requireTools(lab, Path.of(SSHD));
    Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege-separation directory
    Path clientKey = dir.resolve("id_ed25519");
    must(
        "ssh-keygen",
        "-q",
        "-t",
        "ed25519",
        "-N",
        "",
        "-C",
        "loadlab-lab-" + lab.name(),
        "-f",
        clientKey.toString());
    StringBuilder knownHosts = new StringBuilder();
    Map<String, Map<String, String>> addresses = net.addresses();
    for (String host : hosts) {
      Path hd = dir.resolve(host);
      Files.createDirectories(hd);
      Path hostKey = hd.resolve("ssh_host_ed25519_key");
      must("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", host, "-f", hostKey.toString());
      Files.copy(Path.of(clientKey + ".pub"), hd.resolve("authorized_keys"));
      Files.writeString(
          hd.resolve("sshd_config"),
          String.join(
              "\n",
              "Port 22",
              "ListenAddress 0.0.0.0",
              "HostKey " + hostKey,
              "PidFile " + hd.resolve("sshd.pid"),
              "AuthorizedKeysFile " + hd.resolve("authorized_keys"),
              "PermitRootLogin prohibit-password",
              "PasswordAuthentication no",
              "KbdInteractiveAuthentication no",
              "UsePAM no",
              "StrictModes no",
              ""));
      String pub = Files.readString(Path.of(hostKey + ".pub")).trim();
      String[] parts = pub.split(" ");
      for (String address : addresses.get(host).values()) {
        knownHosts
            .append(address)
            .append(' ')
            .append(parts[0])
            .append(' ')
            .append(parts[1])
            .append('\n');
      }
      must(
          "ip",
          "netns",
          "exec",
          net.namespace(host),
          SSHD,
          "-f",
          hd.resolve("sshd_config").toString(),
          "-E",
          hd.resolve("sshd.log").toString());
    }
    Files.writeString(dir.resolve("known_hosts"), knownHosts.toString());
  }

  void stop() {
    for (String host : sshdHosts()) {
      Path pidFile = dir.resolve(host).resolve("sshd.pid");
      try {
        if (Files.exists(pidFile)) {
          long pid = Long.parseLong(Files.readString(pidFile).trim());
          ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
      } catch (IOException | NumberFormatException ignored) {
        // the namespace's processes are stopped anyway when it is removed
      }
    }
  }
}
