package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetConnection;
import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.UdpConnection;
import io.loadlab.jmeter.TimedResult;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;

/**
 * Network RR sampler: one request/response transaction per sample (netperf TCP_RR, or UDP_RR with
 * protocol UDP). Over TCP each thread keeps a connection open: its first sample also connects and
 * shows it as connect time; after an error the connection is dropped and the next sample connects
 * again. Over UDP each thread keeps a socket; a response not back within the target's UDP timeout
 * fails the sample with response code {@code lost}, and the thread goes on.
 */
public class NetRrSampler extends NetSamplerBase {
  private static final long serialVersionUID = 1L;

  public NetRrSampler() {
    super(NetWorkload.RR);
  }

  /** The protocols the field offers. */
  static final String TCP = "TCP";

  static final String UDP = "UDP";

  private String protocol = TCP;
  private transient volatile NetConnection connection;
  private transient volatile UdpConnection udp;
  private transient volatile Map<String, String> over;

  @Override
  protected void sample(TimedResult result) throws Exception {
    checkSizes();
    if (udp()) {
      sampleUdp(result);
      return;
    }
    NetConnection c = connection;
    if (c == null || !c.isOpen()) {
      NetworkTarget.Target t = target();
      c = NetConnection.open(t.host(), t.port(), t.options(), t.connectTimeout());
      connection = c;
      over = t.describe("tcp");
    }
    result.connected();
    try {
      c.transact(getRequestSize(), getResponseSize());
    } catch (IOException e) {
      release();
      throw e;
    }
    succeeded(result, over);
  }

  private void sampleUdp(TimedResult result) throws Exception {
    UdpConnection u = udp;
    if (u == null || !u.isOpen()) {
      NetworkTarget.Target t = target();
      u = UdpConnection.open(t.host(), t.port(), t.options(), t.udpTimeout());
      udp = u;
      over = t.describe("udp");
    }
    result.connected();
    boolean answered;
    try {
      answered = u.transact(getRequestSize(), getResponseSize());
    } catch (IOException e) {
      release();
      throw e;
    }
    if (answered) {
      succeeded(result, over);
    } else {
      result.failed("lost", "UDP transaction lost: " + u.lastLoss());
    }
  }

  /** True for protocol UDP; TCP otherwise, also for a plan saved before the field existed. */
  boolean udp() {
    String p = protocol == null ? "" : protocol.strip().toUpperCase(Locale.ROOT);
    if (p.isEmpty() || p.equals(TCP)) {
      return false;
    }
    if (p.equals(UDP)) {
      return true;
    }
    throw new IllegalArgumentException("protocol: '" + protocol + "' is not TCP or UDP");
  }

  @Override
  protected void release() {
    NetConnection c = connection;
    connection = null;
    if (c != null) {
      try {
        c.close();
      } catch (IOException ignored) {
        // closing after a failure or at the end: nothing left to do
      }
    }
    UdpConnection u = udp;
    udp = null;
    if (u != null) {
      try {
        u.close();
      } catch (IOException ignored) {
        // nothing left to do
      }
    }
  }

  public String getProtocol() {
    return protocol;
  }

  public void setProtocol(String protocol) {
    this.protocol = protocol;
  }
}
