package io.loadlab.provision.testbed;

/**
 * A Linux bridge that the provisioner creates on a host for its guests, so that they sit on a
 * network of the lab's own (as the namespace labs' bridges do), and removes at teardown.
 *
 * @param address the host's own address on the bridge with its prefix, e.g. {@code 10.231.70.1/24};
 *     the guests' addresses are in the same subnet
 */
public record LabBridge(String address) {
  /** The prefix length of {@link #address}, 24 if it has none. */
  public int prefix() {
    int slash = address == null ? -1 : address.indexOf('/');
    return slash < 0 ? 24 : Integer.parseInt(address.substring(slash + 1).trim());
  }
}
