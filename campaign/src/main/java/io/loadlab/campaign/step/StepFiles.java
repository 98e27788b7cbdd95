package io.loadlab.campaign.step;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Workloads;
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

/**
 * Files a step's options name that the command reads (a JMeter plan, a password file, a trust
 * store): written relative to the campaign file, and copied over the provisioner's SSH to a testbed
 * machine a step runs on, so the campaign machine's copy is the one every client uses.
 */
public final class StepFiles {
  private StepFiles() {}

  /**
   * The arguments for a run on {@code sh}'s machine: each input file (an option its command's
   * descriptions say reads a file, {@link OptionSpec#readsFile}) that exists here is copied (mode
   * 600) into {@code remoteDir} and named by its copy there; others stay as written (a path on that
   * machine).
   *
   * @param args the command's words, then its options
   * @param copied collects the remote copies, to remove after the run
   */
  public static List<String> copyInputs(
      List<String> args, SshShell sh, String remoteDir, List<String> copied) {
    List<String> words = new ArrayList<>();
    for (String a : args) {
      if (a.startsWith("-")) {
        break;
      }
      words.add(a);
    }
    OptionTable options = Workloads.installed().optionsOf(String.join(" ", words));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      out.add(a);
      OptionSpec spec = options == null || !a.startsWith("--") ? null : options.get(a.substring(2));
      if (spec != null && spec.readsFile() && i + 1 < args.size()) {
        String value = args.get(++i);
        Path local = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(local)) {
          out.add(value);
          continue;
        }
        out.add(copy(sh, local, remoteDir, copied));
      }
    }
    return out;
  }

  /**
   * Copies {@code local} (mode 600) into {@code remoteDir} on {@code sh}'s machine, adds the copy
   * to {@code copied} and returns its path there; fails (exit 1) if the copy fails.
   */
  public static String copy(SshShell sh, Path local, String remoteDir, List<String> copied) {
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
    return remote;
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
