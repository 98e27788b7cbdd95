package io.loadlab.provision.install;

import static io.loadlab.provision.ssh.ShellQuote.quote;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RemoteShell;
import java.nio.file.Path;
import java.util.Map;

/**
 * Plans the install of loadlab's binary tarball into a directory on a machine. The tarball is
 * streamed over the SSH connection into {@code tar} (no copy left behind), and its SHA-256 is
 * written next to it: a machine whose directory holds the same SHA-256 is unchanged. Teardown
 * removes the directory, and only if that file shows loadlab put it there.
 */
public final class InstallPlanner implements Installer {
  /** The file in the install directory that records which tarball it holds. */
  static final String MARKER = ".loadlab-dist.sha256";

  private final Tarball tarball;
  private final String dir;

  /**
   * @param tarball the local {@code loadlab-<version>-bin.tar.gz}
   * @param dir the directory on each machine (relative: under the SSH user's home)
   */
  public InstallPlanner(Path tarball, String dir) {
    this.tarball = new Tarball(tarball, "install.loadlab");
    this.dir = dir;
  }

  @Override
  public void plan(Plan plan, String machine, RemoteShell sh) {
    if (tarball.installedAt(sh, dir + "/" + MARKER)) {
      plan.unchanged(machine, "loadlab " + tarball.fileName() + " installed in " + dir);
      return;
    }
    plan.change(machine, describe(), () -> install(sh, machine));
  }

  @Override
  public String describe() {
    return "install loadlab " + tarball.fileName() + " into " + dir;
  }

  @Override
  public Undo install(RemoteShell sh, String machine) {
    String d = quote(dir);
    String marker = quote(dir + "/" + MARKER);
    // A directory loadlab did not make is never replaced; the marker is written before unpacking,
    // so an install cut short is replaced by the next apply.
    CommandResult unpack =
        sh.runWithInput(
            "if [ -e "
                + d
                + " ] && [ ! -f "
                + marker
                + " ]; then echo "
                + quote(dir + " exists and loadlab did not install it; choose another install.dir")
                + " >&2; exit 3; fi; rm -rf "
                + d
                + " && mkdir -p "
                + d
                + " && echo installing > "
                + marker
                + " && tar xzf - -C "
                + d
                + " --strip-components=1 && echo "
                + tarball.sha256()
                + " > "
                + marker,
            tarball.path());
    if (!unpack.ok()) {
      throw new LoadlabException(
          "unpacking into "
              + dir
              + " failed (exit "
              + unpack.exitStatus()
              + "): "
              + unpack.firstErrorLine(),
          1);
    }
    CommandResult version = sh.run(quote(dir + "/bin/loadlab") + " --version");
    if (!version.ok()) {
      throw new LoadlabException(
          "installed, but "
              + dir
              + "/bin/loadlab --version fails there ("
              + version.firstErrorLine()
              + "); the machine needs a Java 17 runtime",
          1);
    }
    return new Undo("install", machine, Map.of("dir", dir));
  }

  /** The action that removes an install teardown found in the record, or null if it is none. */
  public static Action undo(Undo u, RemoteShell sh) {
    if (!u.kind().equals("install")) {
      return null;
    }
    String dir = u.get("dir");
    String d = quote(dir);
    return new Action(
        u.machine(),
        "remove loadlab from " + dir,
        () -> {
          CommandResult r =
              // The marker goes last: a removal cut short (a database still writing into its
              // data directory) leaves a directory the next apply still knows as loadlab's.
              sh.run(
                  "if [ -f "
                      + quote(dir + "/" + MARKER)
                      + " ]; then find "
                      + d
                      + " -mindepth 1 -maxdepth 1 ! -name "
                      + MARKER
                      + " -exec rm -rf {} + && rm -rf "
                      + d
                      + "; fi");
          if (!r.ok()) {
            throw new LoadlabException("removing " + dir + " failed: " + r.firstErrorLine(), 1);
          }
          return null;
        });
  }
}
