package io.loadlab.jmeter;

import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A {@link SampleResult} that also keeps the elapsed and connect times in nanoseconds, so the
 * loadlab results listener can record sub-millisecond latencies (JMeter's own fields hold
 * milliseconds). It fills the JMeter fields in the order JMeter expects: start, connect, first
 * response, end, which keeps connect ≤ latency ≤ elapsed.
 */
public class TimedResult extends SampleResult {
  private static final long serialVersionUID = 1L;

  private long startNanos;
  private long elapsedNanos = -1;
  private long connectNanos;
  private boolean responded;
  private Map<String, String> parameters;

  /** Starts a sample labelled {@code label} now. */
  public static TimedResult start(String label) {
    TimedResult r = new TimedResult();
    r.setSampleLabel(label);
    r.setDataType(SampleResult.TEXT);
    r.sampleStart();
    r.startNanos = System.nanoTime();
    return r;
  }

  /** The connection is open or borrowed: sets the connect time. */
  public void connected() {
    connectNanos = System.nanoTime() - startNanos;
    connectEnd();
  }

  /** The first response arrived (a message received, a first row): sets the latency. */
  public void firstResponse() {
    if (!responded) {
      responded = true;
      latencyEnd();
    }
  }

  /** Ends the sample as a success; latency is taken at the end (the whole response arrived). */
  public void succeeded(long sentBytes, long receivedBytes, String responseText) {
    end();
    setSuccessful(true);
    setResponseCodeOK();
    setResponseMessageOK();
    if (responseText != null) {
      setResponseData(responseText, "UTF-8");
    }
    setSentBytes(sentBytes);
    // JMeter reports headers + body size; the response text above is only a description.
    setBodySize(receivedBytes);
    setBytes(receivedBytes);
  }

  /**
   * Ends the sample as a failure.
   *
   * @param code the response code: an SQLSTATE, a JMS error code or an exception class
   */
  public void failed(String code, String message) {
    end();
    setSuccessful(false);
    setResponseCode(code);
    setResponseMessage(message);
  }

  /** Ends the sample as a failure caused by {@code e}. */
  public void failed(Throwable e) {
    failed(ErrorCodes.of(e), ErrorCodes.message(e));
  }

  private void end() {
    if (elapsedNanos >= 0) {
      return;
    }
    firstResponse();
    sampleEnd();
    elapsedNanos = System.nanoTime() - startNanos;
  }

  /**
   * Replaces the nanosecond elapsed time with the driver's own measurement of the operation (such
   * as a round trip's end-to-end latency), which leaves out the sampler's set-up work.
   */
  public void measured(long nanos) {
    if (nanos >= 0 && nanos <= elapsedNanos) {
      elapsedNanos = nanos;
    }
  }

  /** Elapsed time in nanoseconds, or {@code -1} while the sample runs. */
  public long elapsedNanos() {
    return elapsedNanos;
  }

  /** Connect time in nanoseconds, 0 if the sample did not connect. */
  public long connectNanos() {
    return connectNanos;
  }

  /**
   * What the sample ran over, such as the protocol and the route's MTU of a network sample; the
   * loadlab results listener records them as the operation's parameters, as the command line does.
   */
  public void parameters(Map<String, String> values) {
    this.parameters = values;
  }

  /** The parameters set by the sampler, or null. */
  public Map<String, String> parameters() {
    return parameters;
  }
}
