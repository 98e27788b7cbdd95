package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.Acknowledgement;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.AmqpDestination;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.core.amqp.RunQueues;
import io.loadlab.jmeter.TimedResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AMQP Round Trip sampler: publishes one non-persistent message to a queue and receives that same
 * message back (older messages on the queue are skipped). Elapsed time is the end-to-end latency;
 * the first sample of a thread also opens the session and consumer, shown as connect time.
 *
 * <p>Each thread uses a queue of its own, the destination plus a suffix unique to the thread (so
 * that threads, and servers of a distributed test, never take each other's messages); it is deleted
 * when the thread ends, where the broker allows it (Artemis, RabbitMQ 3.x).
 */
public class AmqpRoundTripSampler extends AmqpSamplerBase {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(AmqpRoundTripSampler.class);

  private int messageSize = 64;
  private int timeoutMs = 30000;

  private transient String threadQueue;
  private transient String threadQueueOf;
  private transient List<AmqpDestination> ownQueues;

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

  /** The thread's own queues are deleted when it ends, where the broker allows (as runs do). */
  @Override
  protected void afterRelease(AmqpConnectionSettings settings) {
    List<AmqpDestination> mine = ownQueues;
    ownQueues = null;
    threadQueueOf = null;
    if (mine == null) {
      return;
    }
    for (String failed : RunQueues.deleteOwn(settings, mine)) {
      LOG.warn("AMQP Round Trip '{}': could not delete its queue {}", getName(), failed);
    }
  }

  private String threadQueue(String destination) {
    if (!destination.equals(threadQueueOf)) {
      threadQueueOf = destination;
      threadQueue = destination + "." + UUID.randomUUID().toString().substring(0, 8);
      if (ownQueues == null) {
        ownQueues = new ArrayList<>();
      }
      ownQueues.add(AmqpDestination.parse(threadQueue));
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
