package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetConnection;
import io.loadlab.core.net.NetWorkload;
import io.loadlab.jmeter.TimedResult;
import java.io.IOException;

/**
 * Network CRR sampler: connect, one request/response, close, in every sample (netperf TCP_CRR).
 * Connect time is the TCP connect; elapsed includes the close.
 */
public class NetCrrSampler extends NetSamplerBase {
  private static final long serialVersionUID = 1L;

  public NetCrrSampler() {
    super(NetWorkload.CRR);
  }

  private transient volatile NetConnection connection;

  @Override
  protected void sample(TimedResult result) throws Exception {
    checkSizes();
    NetworkTarget.Target t = target();
    NetConnection c = NetConnection.open(t.host(), t.port(), t.options(), t.connectTimeout());
    connection = c;
    try {
      result.connected();
      c.transactAndClose(getRequestSize(), getResponseSize());
    } finally {
      release();
    }
    succeeded(result, t.describe("tcp"));
  }

  @Override
  protected void release() {
    NetConnection c = connection;
    connection = null;
    if (c != null) {
      try {
        c.close();
      } catch (IOException ignored) {
        // the server closes its side after the response
      }
    }
  }
}
