package io.loadlab.provision.testbed;

import java.nio.file.Path;

/** Answers whether a known_hosts file holds a key for a host, without connecting to it. */
@FunctionalInterface
public interface KnownHostLookup {
  boolean isKnown(Path knownHostsFile, String address, int port);
}
