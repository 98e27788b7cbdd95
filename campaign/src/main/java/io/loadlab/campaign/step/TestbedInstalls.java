package io.loadlab.campaign.step;

import io.loadlab.provision.roles.RoleCommands;
import io.loadlab.provision.testbed.Install;
import io.loadlab.provision.testbed.Testbed;
import java.util.LinkedHashSet;
import java.util.Set;

/** Where a testbed's provisioner puts loadlab, and as what program. */
public final class TestbedInstalls {
  private TestbedInstalls() {}

  /** {@code <install.dir>/bin/loadlab} where the provisioner installs it, else {@code loadlab}. */
  public static String program(Testbed t) {
    Install i = t.install();
    return i == null || i.program() == null ? "loadlab" : i.program();
  }

  /**
   * The machines the provisioner puts loadlab on (those of loadlab roles and {@code install.on}),
   * or null if the testbed installs none (each machine's own {@code loadlab} on PATH is used).
   */
  public static Set<String> installedOn(Testbed t) {
    Install i = t.install();
    if (i == null || i.loadlab() == null) {
      return null;
    }
    Set<String> machines = new LinkedHashSet<>(i.on());
    t.roles().stream().filter(RoleCommands::runsLoadlab).forEach(r -> machines.add(r.on()));
    return machines;
  }
}
