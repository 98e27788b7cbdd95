package io.loadlab.campaign.run;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.campaign.step.StepFiles;
import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.placement.Placement;
import io.loadlab.provision.ssh.SshShell;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a client on a testbed machine over the provisioner's SSH with the loadlab installed there:
 * the run writes its directory on that machine ({@code ~/loadlab-campaigns/<campaign>/<run>}), its
 * output comes back as it goes, and at the end the directory is copied back over the same
 * connection (SCP) to where the campaign keeps it, then removed there.
 */
final class SshStepExecutor implements StepExecutor {
  private final TestbedMachines machines;
  private final String machine;
  private final Path campaignDir;
  private final String remoteBase;
  private final Placement placement;

  /**
   * @param campaignDir the campaign's directory here; run directories are below it
   * @param remoteBase the campaign's directory on the machine, relative to the SSH user's home
   * @param placement what the run's command runs under there ({@code nice -n}, {@code numactl})
   */
  SshStepExecutor(
      TestbedMachines machines,
      String machine,
      Path campaignDir,
      String remoteBase,
      Placement placement) {
    this.machines = machines;
    this.machine = machine;
    this.campaignDir = campaignDir.toAbsolutePath();
    this.remoteBase = remoteBase;
    this.placement = placement;
  }

  @Override
  public Execution start(List<String> args, Path output, Path log) throws IOException {
    Files.createDirectories(log.toAbsolutePath().getParent());
    OutputStream logOut = Files.newOutputStream(log);
    SshShell sh;
    try {
      sh = machines.shell(machine);
    } catch (LoadlabException e) {
      logOut.write((e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
      logOut.close();
      return Failed.INSTANCE;
    }
    String remote =
        output == null
            ? null
            : remoteBase
                + "/"
                + campaignDir.relativize(output.toAbsolutePath()).toString().replace('\\', '/');
    List<String> copied = new ArrayList<>();
    try {
      args = StepFiles.copyInputs(args, sh, remoteBase + "/files", copied);
      args = GuestVirtualization.copyTestbed(args, sh, remoteBase + "/files", copied);
    } catch (LoadlabException e) {
      logOut.write((e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
      logOut.close();
      removeCopies(sh, copied);
      return Failed.INSTANCE;
    }
    StringBuilder cmd = new StringBuilder();
    String pidFile = remote == null ? null : remote + ".pid";
    if (remote != null) {
      // A run a killed campaign left going there (its pid file says which) would write into the
      // redone run: stop it first.
      cmd.append("if [ -f ")
          .append(quote(pidFile))
          .append(" ]; then kill -TERM $(cat ")
          .append(quote(pidFile))
          .append(") 2>/dev/null && sleep 2; fi; ")
          .append("rm -rf ")
          .append(quote(remote))
          .append(" && mkdir -p ")
          .append(quote(remote.substring(0, remote.lastIndexOf('/'))))
          .append(" && echo $$ > ")
          .append(quote(pidFile))
          .append(" && ");
    }
    // The remote run ends itself if its SSH session (so the campaign) is gone (ParentWatch).
    // nice and numactl exec the launcher, so the pid file's pid stays the run's.
    cmd.append("exec env ")
        .append(StepExecutors.EXIT_WITH_PARENT)
        .append("=parent ")
        // A run there never makes the ahead-of-time cache of amqp commands (a training run of its
        // own, lib/aot-cache.sh): that would land inside the run.
        .append("LOADLAB_AOT=0 ")
        .append(placement.shellPrefix())
        .append(machines.program());
    for (String a : args) {
      cmd.append(' ').append(quote(a));
    }
    if (remote != null) {
      cmd.append(" --output ").append(quote(remote));
    }
    SshShell.Started started;
    try {
      started = sh.start(cmd.toString(), logOut);
    } catch (LoadlabException e) {
      logOut.write((e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
      logOut.close();
      removeCopies(sh, copied);
      return Failed.INSTANCE;
    }
    return new Execution() {
      @Override
      public int waitFor() {
        int code = started.waitFor();
        removeCopies(sh, copied);
        try {
          if (remote != null) {
            try {
              sh.download(remote, output.toAbsolutePath().getParent());
              sh.run("rm -rf " + quote(remote) + " " + quote(pidFile));
            } catch (LoadlabException e) {
              logOut.write((e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
              code = code == 0 ? 1 : code;
            }
          }
          logOut.close();
        } catch (IOException e) {
          // the log is best effort; the run's own files say how it went
        }
        return code;
      }

      @Override
      public boolean alive() {
        return started.alive();
      }

      @Override
      public void stop() {
        if (pidFile != null) {
          // SIGTERM: the remote run aborts and writes its summary, which is then fetched.
          sh.run("kill -TERM $(cat " + quote(pidFile) + ") 2>/dev/null; true");
        }
      }
    };
  }

  /** Removes the copies of the step's files (a password file stays no longer than its run). */
  private static void removeCopies(SshShell sh, List<String> copied) {
    if (copied.isEmpty()) {
      return;
    }
    StringBuilder rm = new StringBuilder("rm -f");
    copied.forEach(c -> rm.append(' ').append(quote(c)));
    try {
      sh.run(rm.toString());
    } catch (LoadlabException e) {
      // The machine went away; its copies go with the next run's directory clean-up.
    }
  }

  /** A client that could not start (the machine did not answer); its log says why. */
  private enum Failed implements Execution {
    INSTANCE;

    @Override
    public int waitFor() {
      return 1;
    }

    @Override
    public boolean alive() {
      return false;
    }

    @Override
    public void stop() {}
  }
}
