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
 * Plans the install of the loadlab JMeter plugin into a JMeter home on a machine: the plugin
 * tarball (laid out as {@code lib/ext/} and {@code lib/}) is streamed into {@code tar} in the home,
 * the files it unpacked are listed in {@code lib/ext/.loadlab-jmeter-plugin.files} and its SHA-256
 * in {@code lib/ext/.loadlab-jmeter-plugin.sha256}. A home holding the same SHA-256 is unchanged; a
 * new tarball first removes the listed files; teardown removes them too.
 */
public final class PluginInstallPlanner implements Installer {
  static final String MARKER = "lib/ext/.loadlab-jmeter-plugin.sha256";
  static final String FILES = "lib/ext/.loadlab-jmeter-plugin.files";

  private final Tarball tarball;
  private final String home;

  /**
   * @param tarball the local {@code loadlab-jmeter-plugin-<version>-bin.tar.gz}
   * @param home the JMeter home on each machine
   */
  public PluginInstallPlanner(Path tarball, String home) {
    this.tarball = new Tarball(tarball, "install.jmeter-plugin");
    this.home = home;
  }

  @Override
  public void plan(Plan plan, String machine, RemoteShell sh) {
    if (tarball.installedAt(sh, home + "/" + MARKER)) {
      plan.unchanged(machine, "JMeter plugin " + tarball.fileName() + " installed in " + home);
      return;
    }
    plan.change(machine, describe(), () -> install(sh, machine));
  }

  @Override
  public String describe() {
    return "install the loadlab JMeter plugin " + tarball.fileName() + " into " + home;
  }

  @Override
  public Undo install(RemoteShell sh, String machine) {
    String h = quote(home);
    CommandResult r =
        sh.runWithInput(
            "cd "
                + h
                + " 2>/dev/null && [ -d lib/ext ] || { echo "
                + quote(
                    home
                        + ": no JMeter home there (no lib/ext); install JMeter 5.6.3 first or fix"
                        + " install.jmeter-home")
                + " >&2; exit 3; }; "
                + removeListed()
                + " && tar xzvf - > "
                + FILES
                + ".all && grep -v '/$' "
                + FILES
                + ".all > "
                + FILES
                + " && rm -f "
                + FILES
                + ".all && echo "
                + tarball.sha256()
                + " > "
                + MARKER,
            tarball.path());
    if (!r.ok()) {
      throw new LoadlabException(
          "installing the JMeter plugin into "
              + home
              + " failed (exit "
              + r.exitStatus()
              + "): "
              + r.firstErrorLine(),
          1);
    }
    return new Undo("jmeter-plugin", machine, Map.of("home", home));
  }

  /** Removes the files an earlier install listed (nothing if there was none). */
  private static String removeListed() {
    return "{ [ ! -f " + FILES + " ] || xargs rm -f < " + FILES + "; } && rm -f " + MARKER;
  }

  /** The action that removes a plugin install teardown found in the record, or null. */
  public static Action undo(Undo u, RemoteShell sh) {
    if (!u.kind().equals("jmeter-plugin")) {
      return null;
    }
    String home = u.get("home");
    return new Action(
        u.machine(),
        "remove the loadlab JMeter plugin from " + home,
        () -> {
          CommandResult r =
              sh.run("cd " + quote(home) + " && " + removeListed() + " && rm -f " + FILES);
          if (!r.ok()) {
            throw new LoadlabException(
                "removing the plugin from " + home + " failed: " + r.firstErrorLine(), 1);
          }
          return null;
        });
  }
}
