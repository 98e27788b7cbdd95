package io.loadlab.jmeter.net;

import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.Transport;
import io.loadlab.jmeter.SamplerBase;
import io.loadlab.jmeter.TimedResult;
import java.util.Locale;
import java.util.Map;

/** What the network samplers share: the target's variable name and the transaction sizes. */
public abstract class NetSamplerBase extends SamplerBase {
  private static final long serialVersionUID = 1L;

  private String target = "net";
  private int requestSize;
  private int responseSize;

  /** Sizes by default those of {@code workload} over TCP, as its command's. */
  protected NetSamplerBase(NetWorkload workload) {
    requestSize = workload.defaultRequest(Transport.TCP);
    responseSize = workload.defaultResponse(Transport.TCP);
  }

  /** The target this sampler names. */
  protected NetworkTarget.Target target() {
    return NetworkTarget.lookup(target);
  }

  /** Checks the sizes; a negative size fails the sample with a message naming the field. */
  protected void checkSizes() {
    if (requestSize < 0) {
      throw new IllegalArgumentException("requestSize: " + requestSize + " is negative");
    }
    if (responseSize < 0) {
      throw new IllegalArgumentException("responseSize: " + responseSize + " is negative");
    }
  }

  /** A short text for the response data: what was exchanged. */
  protected String describe() {
    return requestSize + " bytes sent, " + responseSize + " bytes received";
  }

  /**
   * Ends a sample as a success, with what it ran over (protocol, the route's interface and MTU) as
   * the result's parameters and in its response text, as the command line records them.
   */
  protected void succeeded(TimedResult result, Map<String, String> over) {
    result.parameters(over);
    StringBuilder text = new StringBuilder(describe());
    text.append(" over ").append(over.get("protocol").toUpperCase(Locale.ROOT));
    if (over.containsKey("mtu")) {
      text.append(", route ").append(over.get("interface")).append(" MTU ").append(over.get("mtu"));
    }
    result.succeeded(requestSize, responseSize, text.toString());
  }

  public String getTarget() {
    return target;
  }

  public void setTarget(String target) {
    this.target = target;
  }

  public int getRequestSize() {
    return requestSize;
  }

  public void setRequestSize(int requestSize) {
    this.requestSize = requestSize;
  }

  public int getResponseSize() {
    return responseSize;
  }

  public void setResponseSize(int responseSize) {
    this.responseSize = responseSize;
  }
}
