package io.loadlab.provision.plan;

import io.loadlab.provision.ssh.HostKeyPolicy;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How the provisioner behaves.
 *
 * @param hostKeys what to do with host keys not in known_hosts
 * @param shutdownTimeout how long teardown waits for a guest to shut down before destroying it
 * @param healthTimeout how long a started role has to answer its health check
 * @param connectTimeout SSH connect and authentication timeout
 * @param commandTimeout timeout of one remote command
 * @param stateDir where the applied-state and action-log files go (the testbed file's directory if
 *     null)
 * @param bootTimeout how long a just-started guest has to accept SSH before its roles start
 */
public record ProvisionOptions(
    HostKeyPolicy hostKeys,
    Duration shutdownTimeout,
    Duration healthTimeout,
    Duration connectTimeout,
    Duration commandTimeout,
    Path stateDir,
    Duration bootTimeout) {
  public static ProvisionOptions defaults() {
    return new ProvisionOptions(
        HostKeyPolicy.STRICT,
        Duration.ofSeconds(60),
        Duration.ofSeconds(30),
        Duration.ofSeconds(10),
        Duration.ofSeconds(60),
        null,
        Duration.ofSeconds(180));
  }

  public ProvisionOptions withHostKeys(HostKeyPolicy policy) {
    return new ProvisionOptions(
        policy,
        shutdownTimeout,
        healthTimeout,
        connectTimeout,
        commandTimeout,
        stateDir,
        bootTimeout);
  }

  public ProvisionOptions withShutdownTimeout(Duration d) {
    return new ProvisionOptions(
        hostKeys, d, healthTimeout, connectTimeout, commandTimeout, stateDir, bootTimeout);
  }

  public ProvisionOptions withHealthTimeout(Duration d) {
    return new ProvisionOptions(
        hostKeys, shutdownTimeout, d, connectTimeout, commandTimeout, stateDir, bootTimeout);
  }

  public ProvisionOptions withStateDir(Path dir) {
    return new ProvisionOptions(
        hostKeys, shutdownTimeout, healthTimeout, connectTimeout, commandTimeout, dir, bootTimeout);
  }

  public ProvisionOptions withBootTimeout(Duration d) {
    return new ProvisionOptions(
        hostKeys, shutdownTimeout, healthTimeout, connectTimeout, commandTimeout, stateDir, d);
  }
}
