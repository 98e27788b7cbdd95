package io.loadlab.provision.ssh;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where and how to connect.
 *
 * @param name the host or guest name in the testbed, for messages
 * @param address host name or IP address
 * @param port SSH port
 * @param user SSH user
 * @param keyFile private key (OpenSSH or PEM); an encrypted key's passphrase is read from the
 *     environment variable {@code LOADLAB_SSH_KEY_PASSPHRASE}
 * @param knownHosts known_hosts file
 * @param sudo run privileged commands through {@code sudo -n}
 * @param connectTimeout time allowed to connect and authenticate
 * @param commandTimeout time allowed for one command
 */
public record SshTarget(
    String name,
    String address,
    int port,
    String user,
    Path keyFile,
    Path knownHosts,
    boolean sudo,
    Duration connectTimeout,
    Duration commandTimeout) {}
