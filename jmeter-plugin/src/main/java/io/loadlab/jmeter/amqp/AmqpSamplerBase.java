package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.Acknowledgement;
import io.loadlab.core.amqp.AmqpClient;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.AmqpException;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.jmeter.ErrorCodes;
import io.loadlab.jmeter.SamplerBase;
import io.loadlab.jmeter.TimedResult;

/**
 * What the AMQP samplers share: the AMQP Connection they use, and the destination ({@code name} or
 * {@code queue://name} for a queue, {@code topic://name} for a topic).
 */
public abstract class AmqpSamplerBase extends SamplerBase {
  private static final long serialVersionUID = 1L;

  static {
    // A failed sample's response code: the AMQP error's kind, where it has one.
    ErrorCodes.register(t -> t instanceof AmqpException amqp ? amqp.kind() : null);
  }

  private String connection = "amqp";
  private String destination = "queue://loadlab";

  private transient AmqpHandle handle;

  /**
   * Runs one operation on this thread's client; on failure the client is dropped so the next sample
   * starts a fresh session.
   */
  protected final void withClient(TimedResult result, Acknowledgement ack, Operation op)
      throws Exception {
    if (handle == null) {
      handle = AmqpConnectionConfig.lookup(connection);
    }
    refuseWhatTheBrokerCannotDo(handle.profile());
    AmqpClient client = handle.client(ack);
    try {
      op.run(client);
    } catch (Exception e) {
      if (!(e instanceof InterruptedException)) {
        handle.discard(ack);
      }
      throw e;
    }
  }

  /**
   * Throws, with one line naming this sampler's field and what to use instead, if the broker's
   * profile cannot do what the sampler is set to do (nothing is sent then).
   */
  protected void refuseWhatTheBrokerCannotDo(BrokerProfile profile) {}

  /** "RabbitMQ 4.x (profile rabbitmq4)", for refusals. */
  protected static String broker(BrokerProfile profile) {
    return profile.brokerName()
        + " (profile "
        + profile
        + ", the AMQP Connection's Broker profile)";
  }

  /** Called once the thread's sessions are closed, e.g. to delete queues the thread made. */
  protected void afterRelease(AmqpConnectionSettings settings) {}

  /** One sample's work on a client. */
  @FunctionalInterface
  protected interface Operation {
    void run(AmqpClient client) throws Exception;
  }

  /** The destination, checked. */
  protected String destination() {
    if (destination == null || destination.isBlank()) {
      throw new IllegalArgumentException("destination: empty; name a queue, e.g. queue://loadlab");
    }
    return destination.strip();
  }

  @Override
  protected void release() {
    AmqpHandle h = handle;
    handle = null;
    if (h != null) {
      h.releaseThread();
      afterRelease(h.settings());
    }
  }

  public String getConnection() {
    return connection;
  }

  public void setConnection(String connection) {
    this.connection = connection;
  }

  public String getDestination() {
    return destination;
  }

  public void setDestination(String destination) {
    this.destination = destination;
  }
}
