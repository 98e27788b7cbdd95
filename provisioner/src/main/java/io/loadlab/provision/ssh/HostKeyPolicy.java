package io.loadlab.provision.ssh;

/**
 * What to do with a host key that is not in known_hosts. A changed key is always refused; there is
 * no accept-all policy.
 */
public enum HostKeyPolicy {
  /** Refuse hosts whose key is not in known_hosts (the default). */
  STRICT,
  /** Record the key of a host not yet in known_hosts, then accept it. */
  RECORD_NEW
}
