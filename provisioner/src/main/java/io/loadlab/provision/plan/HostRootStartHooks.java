package io.loadlab.provision.plan;

import io.loadlab.provision.guestboot.HostRootGuests;
import io.loadlab.provision.libvirt.GuestPlanner;
import io.loadlab.provision.testbed.Guest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;

/**
 * What runs around the start of a host-root guest ({@code boot.host-root: true}): its initramfs
 * written before, its SSH host key learned from its console after, into the known_hosts file its
 * SSH uses; and, for one found running, whether that was done for the boot it runs. Other guests
 * have nothing around their start.
 */
final class HostRootStartHooks implements GuestPlanner.StartHooks {
  private final HostRootGuests hostRoot;
  private final Function<String, Path> knownHosts;
  private final Duration bootTimeout;

  /**
   * @param knownHosts the known_hosts file of each guest, by name
   * @param bootTimeout how long a guest may take to print its host key
   */
  HostRootStartHooks(
      HostRootGuests hostRoot, Function<String, Path> knownHosts, Duration bootTimeout) {
    this.hostRoot = hostRoot;
    this.knownHosts = knownHosts;
    this.bootTimeout = bootTimeout;
  }

  @Override
  public void before(String name, Guest g) {
    if (g.sharesHostRoot()) {
      hostRoot.beforeStart(g);
    }
  }

  @Override
  public void after(String name, Guest g) throws InterruptedException {
    if (g.sharesHostRoot()) {
      hostRoot.afterStart(name, g, knownHosts.apply(name), bootTimeout);
    }
  }

  @Override
  public boolean finished(String name, Guest g) {
    return !g.sharesHostRoot() || hostRoot.knowsHostKey(g, knownHosts.apply(name));
  }
}
