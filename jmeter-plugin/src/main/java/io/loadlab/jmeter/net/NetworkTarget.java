package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetProtocol;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.net.RouteMtu;
import io.loadlab.core.net.UdpConnection;
import io.loadlab.jmeter.ConfigBase;
import io.loadlab.jmeter.Handles;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Network Target config element: where Network RR and CRR samplers connect (a {@code loadlab net
 * serve} responder, TCP and UDP on one port), with which socket options and timeouts. Samplers name
 * it by its variable name.
 */
public class NetworkTarget extends ConfigBase {
  private static final long serialVersionUID = 1L;

  /** The kind of element, for messages. */
  static final String KIND = "Network Target";

  private String variableName = "net";
  private String host = "127.0.0.1";
  private int port = NetProtocol.DEFAULT_PORT;
  private boolean noDelay = true;
  private int connectTimeoutMs = 5000;
  private int udpTimeoutMs = (int) UdpConnection.DEFAULT_TIMEOUT.toMillis();

  /** What samplers get: the address, socket options and timeouts. */
  public record Target(
      String host,
      int port,
      NetSocketOptions options,
      Duration connectTimeout,
      Duration udpTimeout,
      RouteMtu route) {
    /**
     * What a sample over this target ran on: the protocol, and the interface and MTU of the route
     * to the server (as the command line records them; absent when they cannot be told).
     */
    public Map<String, String> describe(String protocol) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("protocol", protocol);
      if (route != null) {
        m.put("interface", route.interfaceName());
        m.put("mtu", String.valueOf(route.mtu()));
      }
      return Collections.unmodifiableMap(m);
    }
  }

  @Override
  protected void open() {
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException(KIND + ": port " + port + " is not in 1..65535");
    }
    Handles.publish(
        KIND,
        variableName,
        new Target(
            host.strip(),
            port,
            new NetSocketOptions(noDelay, 0, 0),
            Duration.ofMillis(Math.max(1, connectTimeoutMs)),
            udpTimeout(),
            RouteMtu.to(host.strip(), port)));
  }

  @Override
  protected String kind() {
    return KIND;
  }

  @Override
  protected void close() {
    Handles.withdraw(variableName);
  }

  /** The UDP timeout as set, or the default for a plan saved before the field existed (0). */
  Duration udpTimeout() {
    return udpTimeoutMs > 0 ? Duration.ofMillis(udpTimeoutMs) : UdpConnection.DEFAULT_TIMEOUT;
  }

  static Target lookup(String name) {
    return Handles.lookup(KIND, name, Target.class);
  }

  @Override
  public String getVariableName() {
    return variableName;
  }

  public void setVariableName(String variableName) {
    this.variableName = variableName;
  }

  public String getHost() {
    return host;
  }

  public void setHost(String host) {
    this.host = host;
  }

  public int getPort() {
    return port;
  }

  public void setPort(int port) {
    this.port = port;
  }

  public boolean isNoDelay() {
    return noDelay;
  }

  public void setNoDelay(boolean noDelay) {
    this.noDelay = noDelay;
  }

  public int getConnectTimeoutMs() {
    return connectTimeoutMs;
  }

  public void setConnectTimeoutMs(int connectTimeoutMs) {
    this.connectTimeoutMs = connectTimeoutMs;
  }

  public int getUdpTimeoutMs() {
    return udpTimeoutMs;
  }

  public void setUdpTimeoutMs(int udpTimeoutMs) {
    this.udpTimeoutMs = udpTimeoutMs;
  }
}
