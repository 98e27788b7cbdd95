package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.Acknowledgement;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.amqp.ReceivedMessage;
import io.loadlab.jmeter.TimedResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * AMQP Consume sampler: receives one message per sample, waiting up to the timeout; no message in
 * time fails the sample with response code {@code Timeout}. The consumer stays attached between
 * samples (one per thread and destination). For plans that drain a queue until the end of the test,
 * "on timeout: empty" makes a sample with no message successful (code {@code NoMessage}, 0 bytes).
 * With client acknowledgement the message is acknowledged, with transacted sessions committed,
 * before the sample ends. Stop interrupts a waiting receive.
 */
public class AmqpConsumeSampler extends AmqpSamplerBase {
  private static final long serialVersionUID = 1L;

  /** Response data holds at most this many bytes of the body. */
  static final int MAX_RESPONSE_BYTES = 1024;

  private int timeoutMs = 5000;
  private String acknowledgement = "auto";
  private String onTimeout = "fail";

  @Override
  protected void sample(TimedResult result) throws Exception {
    Acknowledgement ack = acknowledgement();
    String destination = destination();
    if (timeoutMs < 0) {
      throw new IllegalArgumentException("timeoutMs: " + timeoutMs + " is negative");
    }
    ReceivedMessage[] got = new ReceivedMessage[1];
    withClient(
        result,
        ack,
        client -> {
          client.subscribe(destination);
          result.connected();
          got[0] = client.receive(destination, Duration.ofMillis(timeoutMs));
          if (got[0] != null) {
            result.firstResponse();
            if (ack == Acknowledgement.CLIENT) {
              client.acknowledge();
            } else if (ack == Acknowledgement.TRANSACTED) {
              client.commit();
            }
          }
        });
    ReceivedMessage m = got[0];
    if (m == null) {
      String message = "no message on " + destination + " within " + timeoutMs + " ms";
      if ("empty".equalsIgnoreCase(onTimeout == null ? "" : onTimeout.strip())) {
        result.succeeded(0, 0, "");
        result.setResponseCode("NoMessage");
        result.setResponseMessage(message);
      } else {
        result.failed("Timeout", message);
      }
      return;
    }
    byte[] body = m.body();
    int shown = Math.min(body.length, MAX_RESPONSE_BYTES);
    result.succeeded(0, body.length, new String(body, 0, shown, StandardCharsets.UTF_8));
  }

  @Override
  protected void refuseWhatTheBrokerCannotDo(BrokerProfile profile) {
    if (destination().startsWith("topic://") && !profile.topicSubscriptions()) {
      throw new IllegalArgumentException(
          "destination: "
              + broker(profile)
              + " has no topic address a client can subscribe to; consume from a queue:// (bound"
              + " to the topic on the broker)");
    }
    if (acknowledgement() == Acknowledgement.TRANSACTED && !profile.transactions()) {
      throw new IllegalArgumentException(
          "acknowledgement: "
              + broker(profile)
              + " runs no AMQP 1.0 transactions; use auto or client");
    }
  }

  private Acknowledgement acknowledgement() {
    String a = acknowledgement == null ? "auto" : acknowledgement.strip();
    try {
      return Acknowledgement.valueOf(a.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "acknowledgement: '" + a + "' is not one of auto, client, transacted");
    }
  }

  public String getOnTimeout() {
    return onTimeout;
  }

  public void setOnTimeout(String onTimeout) {
    this.onTimeout = onTimeout;
  }

  public int getTimeoutMs() {
    return timeoutMs;
  }

  public void setTimeoutMs(int timeoutMs) {
    this.timeoutMs = timeoutMs;
  }

  public String getAcknowledgement() {
    return acknowledgement;
  }

  public void setAcknowledgement(String acknowledgement) {
    this.acknowledgement = acknowledgement;
  }
}
