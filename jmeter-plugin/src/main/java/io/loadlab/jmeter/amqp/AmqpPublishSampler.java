package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.Acknowledgement;
import io.loadlab.core.amqp.Payloads;
import io.loadlab.jmeter.TimedResult;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * AMQP Publish sampler: sends one bytes message per sample, either {@code messageSize} bytes or the
 * given body (which may use JMeter variables and functions), with optional application properties.
 * Latency ends when the client library has taken the message: at once for non-persistent messages,
 * on the broker's confirmation for persistent ones.
 */
public class AmqpPublishSampler extends AmqpSamplerBase {
  private static final long serialVersionUID = 1L;

  private int messageSize = 64;
  private String body = "";
  private boolean persistent;
  private String messageProperties = "";

  // Per-thread caches of the last per-sample field values and what they give: the fields may hold
  // JMeter variables, so they are checked on every sample but only re-parsed when they change.
  private transient byte[] sizedBody;
  private transient String encodedBody;
  private transient byte[] encodedBodyBytes;
  private transient String parsedPropertiesText;
  private transient Map<String, String> parsedProperties;

  @Override
  protected void sample(TimedResult result) throws Exception {
    byte[] payload = payload();
    Map<String, String> props = messageProperties();
    String destination = destination();
    withClient(
        result,
        Acknowledgement.AUTO,
        client -> {
          result.connected();
          client.publish(destination, payload, persistent, props);
        });
    result.succeeded(payload.length, 0, null);
  }

  /** The application properties, or null if there are none. */
  private Map<String, String> messageProperties() {
    String text = messageProperties == null ? "" : messageProperties;
    if (!text.equals(parsedPropertiesText)) {
      Map<String, String> props = properties(text);
      parsedProperties = props.isEmpty() ? null : props;
      parsedPropertiesText = text;
    }
    return parsedProperties;
  }

  private byte[] payload() {
    if (body != null && !body.isEmpty()) {
      if (!body.equals(encodedBody)) {
        encodedBodyBytes = body.getBytes(StandardCharsets.UTF_8);
        encodedBody = body;
      }
      return encodedBodyBytes;
    }
    if (messageSize < 0) {
      throw new IllegalArgumentException("messageSize: " + messageSize + " is negative");
    }
    if (sizedBody == null || sizedBody.length != messageSize) {
      sizedBody = Payloads.of(messageSize);
    }
    return sizedBody;
  }

  /** Parses {@code name=value} lines; blank lines and lines starting with # are skipped. */
  static Map<String, String> properties(String text) {
    Map<String, String> props = new LinkedHashMap<>();
    if (text == null || text.isBlank()) {
      return props;
    }
    for (String line : text.split("\\R")) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      int eq = l.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "messageProperties: '" + l + "' is not name=value; write one property per line");
      }
      props.put(l.substring(0, eq).strip(), l.substring(eq + 1).strip());
    }
    return props;
  }

  public int getMessageSize() {
    return messageSize;
  }

  public void setMessageSize(int messageSize) {
    this.messageSize = messageSize;
  }

  public String getBody() {
    return body;
  }

  public void setBody(String body) {
    this.body = body;
  }

  public boolean isPersistent() {
    return persistent;
  }

  public void setPersistent(boolean persistent) {
    this.persistent = persistent;
  }

  public String getMessageProperties() {
    return messageProperties;
  }

  public void setMessageProperties(String messageProperties) {
    this.messageProperties = messageProperties;
  }
}
