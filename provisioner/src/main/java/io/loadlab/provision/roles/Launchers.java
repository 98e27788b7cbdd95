package io.loadlab.provision.roles;

/**
 * The programs roles run on a machine: from the PATH by default, or where the testbed's {@code
 * install} puts them.
 *
 * @param loadlab the loadlab launcher ({@code broker}, {@code net-serve})
 * @param jmeterServer JMeter's {@code jmeter-server} script
 */
public record Launchers(String loadlab, String jmeterServer) {
  /** Both from the PATH. */
  public static final Launchers ON_PATH = new Launchers(null, null);

  /** A null program is the one on the PATH. */
  public Launchers {
    loadlab = loadlab == null ? "loadlab" : loadlab;
    jmeterServer = jmeterServer == null ? "jmeter-server" : jmeterServer;
  }
}
