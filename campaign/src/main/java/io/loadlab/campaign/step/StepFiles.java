package io.loadlab.campaign.step;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.SshShell;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Files a step's options name that the command reads (a JMeter plan, a password file, a trust
 * store): written relative to the campaign file, and copied over the provisioner's SSH to a testbed
 * machine a step runs on, so the campaign machine's copy is the one every client uses.
 */
public final class StepFiles {
  /** Options naming a file the command reads, besides every {@code *-file} option. */
  private static final Set<String> INPUT = Set.of("plan", "trust-store", "tls-keystore");

  private StepFiles() {}

  /** True if option {@code name} names a file the command reads. */
  static boolean isInput(String name) {
    return name.endsWith("-file") || INPUT.contains(name);
  }

  /**
   * The arguments for a run on {@code sh}'s machine: each input file that exists here is copied
   * (mode 600) into {@code remoteDir} and named by its copy there; others stay as written (a path
   * on that machine).
   *
   * @param copied collects the remote copies, to remove after the run
   */
  public static List<String> copyInputs(
      List<String> args, SshShell sh, String remoteDir, List<String> copied) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      out.add(a);
      if (a.startsWith("--") && isInput(a.substring(2)) && i + 1 < args.size()) {
        String value = args.get(++i);
        Path local = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(local)) {
          out.add(value);
          continue;
        }
        String remote = remoteDir + "/" + digest(local.toString()) + "-" + local.getFileName();
        CommandResult r =
            sh.runWithInput(
                "mkdir -p "
                    + quote(remoteDir)
                    + " && umask 077 && cat > "
                    + quote(remote)
                    + " && chmod 600 "
                    + quote(remote),
                local);
        if (!r.ok()) {
          throw new LoadlabException(
              "copying " + local + " to " + remote + " failed: " + r.stderr().strip(), 1);
        }
        copied.add(remote);
        out.add(remote);
      }
    }
    return out;
  }

  private static String digest(String s) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
