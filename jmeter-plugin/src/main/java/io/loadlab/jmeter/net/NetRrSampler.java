package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetConnection;
import io.loadlab.jmeter.TimedResult;
import java.io.IOException;

/**
 * Network RR sampler: one request/response transaction per sample over a connection each thread
 * keeps open (netperf TCP_RR). The first sample of a thread also connects, and shows it as connect
 * time; after an error the connection is dropped and the next sample connects again.
 */
public class NetRrSampler extends NetSamplerBase {
  private static final long serialVersionUID = 1L;

  private transient volatile NetConnection connection;

  @Override
  protected void sample(TimedResult result) throws Exception {
    checkSizes();
    NetConnection c = connection;
    if (c == null || !c.isOpen()) {
      NetworkTarget.Target t = target();
      c = NetConnection.open(t.host(), t.port(), t.options(), t.connectTimeout());
      connection = c;
    }
    result.connected();
    try {
      c.transact(getRequestSize(), getResponseSize());
    } catch (IOException e) {
      release();
      throw e;
    }
    result.succeeded(getRequestSize(), getResponseSize(), describe());
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
  }
}
