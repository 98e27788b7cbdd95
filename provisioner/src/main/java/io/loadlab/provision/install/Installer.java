package io.loadlab.provision.install;

import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.RemoteShell;

/** Puts one tarball on machines: planned against what a machine holds, or installed at once. */
public interface Installer {
  /** What the install does, in words. */
  String describe();

  /** Adds the install to the plan unless the machine holds this tarball already. */
  void plan(Plan plan, String machine, RemoteShell sh);

  /** Installs now (a guest just booted); returns how to undo it. */
  Undo install(RemoteShell sh, String machine);
}
