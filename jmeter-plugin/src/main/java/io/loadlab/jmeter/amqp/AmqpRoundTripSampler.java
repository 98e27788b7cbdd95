package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.Acknowledgement;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.jmeter.TimedResult;
import java.time.Duration;
import java.util.UUID;

/**
 * AMQP Round Trip sampler: publishes one non-persistent message to a queue and receives that same
 * message back (older messages on the queue are skipped). Elapsed time is the end-to-end latency;
 * the first sample of a thread also opens the session and consumer, shown as connect time.
 *
 * <p>Each thread uses a queue of its own, the destination plus a suffix unique to the thread (so
 * that threads, and servers of a distributed test, never take each other's messages).
 */
public class AmqpRoundTripSampler extends AmqpSamplerBase {
  private static final long serialVersionUID = 1L;

  private int messageSize = 64;
  private int timeoutMs = 30000;

  private transient String threadQueue;
  private transient String threadQueueOf;

  @Override
  protected void sample(TimedResult result) throws Exception {
    if (messageSize < 0) {
      throw new IllegalArgumentException("messageSize: " + messageSize + " is negative");
    }
    String queue = threadQueue(destination());
    long[] latency = new long[1];
    withClient(
        result,
        Acknowledgement.AUTO,
        client -> {
          client.subscribe(queue);
          result.connected();
          latency[0] = client.roundTrip(queue, messageSize, Duration.ofMillis(timeoutMs));
        });
    result.succeeded(messageSize, messageSize, null);
    result.measured(latency[0]);
  }

  @Override
  protected void refuseWhatTheBrokerCannotDo(BrokerProfile profile) {
    if (!profile.autoCreate()) {
      throw new IllegalArgumentException(
          "destination: "
              + broker(profile)
              + " creates no queue on demand, and Round Trip uses a queue per thread ("
              + destination()
              + ".<id>); use Publish and Consume samplers on a queue created on the broker");
    }
  }

  private String threadQueue(String destination) {
    if (!destination.equals(threadQueueOf)) {
      threadQueueOf = destination;
      threadQueue = destination + "." + UUID.randomUUID().toString().substring(0, 8);
    }
    return threadQueue;
  }

  public int getMessageSize() {
    return messageSize;
  }

  public void setMessageSize(int messageSize) {
    this.messageSize = messageSize;
  }

  public int getTimeoutMs() {
    return timeoutMs;
  }

  public void setTimeoutMs(int timeoutMs) {
    this.timeoutMs = timeoutMs;
  }
}
