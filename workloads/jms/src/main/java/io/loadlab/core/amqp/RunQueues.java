package io.loadlab.core.amqp;

import io.loadlab.core.run.RunRecording;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The queues (and topic addresses) a run uses, removed at its end if the run created them: before
 * the run it asks the broker's management which of them exist; after it, it deletes the others.
 * What existed before (queues a user made, e.g. for Qpid Broker-J) is never touched, nor anything
 * with {@code keep} ({@code --keep-queues}). Artemis and Qpid Broker-J are asked over AMQP 1.0,
 * RabbitMQ 3.x over AMQP 0-9-1 on the same port; other profiles delete nothing and say so.
 *
 * <p>The result goes into the run: the figure {@code queuesDeleted} (queues that were there at the
 * end and were deleted: a queue the broker never made is not counted), and a problem {@code
 * queues-kept} naming what the run created and could not delete, with the command that does.
 */
public final class RunQueues {
  private final AmqpConnectionSettings settings;
  private final boolean keep;
  private final List<AmqpDestination> nodes;
  private final List<AmqpDestination> created = new ArrayList<>();
  private final List<AmqpDestination> topicQueues = new ArrayList<>();
  private String cannot;
  private boolean unsupported;
  private BrokerManagement during;

  private RunQueues(AmqpConnectionSettings settings, boolean keep, List<AmqpDestination> nodes) {
    this.settings = settings;
    this.keep = keep;
    this.nodes = List.copyOf(nodes);
  }

  /**
   * Notes which of {@code nodes} exist now (nothing is asked with {@code keep}). A broker whose
   * management cannot be used is noted too, and reported at the end; it never stops the run.
   */
  public static RunQueues before(
      AmqpConnectionSettings settings, boolean keep, List<AmqpDestination> nodes) {
    RunQueues q = new RunQueues(settings, keep, nodes);
    if (keep) {
      return q;
    }
    try (BrokerManagement m = BrokerManagement.of(settings)) {
      for (AmqpDestination d : nodes) {
        if (!m.exists(d)) {
          q.created.add(d);
        }
      }
    } catch (UnsupportedOperationException e) {
      q.cannot = e.getMessage();
      q.unsupported = true;
    } catch (RuntimeException e) {
      q.cannot = "its management could not be used (" + e.getMessage() + ")";
    }
    return q;
  }

  /**
   * The address subscriber {@code k} of a topic receives from. RabbitMQ 3.x gives each {@code
   * /topic/} subscriber a queue {@code amq.gen-…} that outlives the run under a name no AMQP 1.0
   * client learns; there loadlab declares the subscriber's queue itself over AMQP 0-9-1 ({@code
   * <topic>-sub-k}, bound to amq.topic with the topic's key), so that it can be deleted. Elsewhere,
   * and if that fails, the topic itself.
   */
  public String subscriberSource(AmqpDestination topic, int k) {
    if (!topic.topic() || settings.profile() != BrokerProfile.RABBITMQ3) {
      return topic.toString();
    }
    AmqpDestination queue = AmqpDestination.queue(topic.name() + "-sub-" + k);
    try {
      if (during == null) {
        during = BrokerManagement.of(settings);
      }
      boolean existed = during.exists(queue);
      // Not durable: as the plugin declares it for a Qpid JMS consumer (terminus durability none);
      // any other declaration would not match, and RabbitMQ 3.x then leaves the attach unanswered.
      during.declareTopicQueue(queue.name(), topic.name(), false);
      if (!existed && !created.contains(queue) && !topicQueues.contains(queue)) {
        topicQueues.add(queue);
      }
      return queue.toString();
    } catch (RuntimeException e) {
      return topic.toString();
    }
  }

  /**
   * Deletes what the run created (the run's clients must be closed), records the outcome in the run
   * and tells {@code notice} in one line.
   */
  public void after(RunRecording recording, Consumer<String> notice) {
    if (during != null) {
      during.close();
      during = null;
    }
    created.addAll(topicQueues);
    topicQueues.clear();
    List<AmqpDestination> all = new ArrayList<>(nodes);
    all.addAll(created.stream().filter(d -> !nodes.contains(d)).toList());
    String names = names(all);
    if (keep) {
      recording.figure("queuesDeleted", 0);
      notice.accept("kept the run's queues (--keep-queues): " + names);
      return;
    }
    if (cannot != null) {
      recording.figure("queuesDeleted", 0);
      if (settings.profile().autoCreate() || !unsupported) {
        notice.accept("not deleted (" + cannot + "): " + names);
      }
      return;
    }
    List<AmqpDestination> deleted = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    try (BrokerManagement m = BrokerManagement.of(settings)) {
      for (AmqpDestination d : created) {
        try {
          if (!d.topic() && !m.exists(d)) {
            // Not there (a broker that creates nothing on demand never made it): nothing deleted.
            // A topic's address may go with its last subscription, which the run removed.
            continue;
          }
          m.delete(d);
          deleted.add(d);
        } catch (AmqpException e) {
          failed.add(d.name() + " (" + e.getMessage() + "; " + m.manualDelete(d) + ")");
        }
      }
    } catch (RuntimeException e) {
      for (AmqpDestination d : created) {
        if (!deleted.contains(d)) {
          failed.add(d.name() + " (" + e.getMessage() + ")");
        }
      }
    }
    recording.figure("queuesDeleted", deleted.size());
    if (!failed.isEmpty()) {
      String text = "could not delete " + String.join(", ", failed);
      recording.problem("queues-kept", failed.size(), text);
      notice.accept(text);
    }
    if (!deleted.isEmpty()) {
      notice.accept(
          "deleted the queues this run created: " + names(deleted) + " (--keep-queues keeps them)");
    }
  }

  /**
   * Deletes queues a client made for itself under names no one else uses (the JMeter Round Trip
   * sampler's per-thread queues), where the broker's profile allows; returns those that could not
   * be deleted, each with the reason. Nothing is done, and nothing returned, on a profile with no
   * way to delete queues.
   */
  public static List<String> deleteOwn(
      AmqpConnectionSettings settings, List<AmqpDestination> nodes) {
    List<String> failed = new ArrayList<>();
    if (nodes.isEmpty()) {
      return failed;
    }
    try (BrokerManagement m = BrokerManagement.of(settings)) {
      for (AmqpDestination d : nodes) {
        try {
          m.delete(d);
        } catch (RuntimeException e) {
          failed.add(d.name() + " (" + e.getMessage() + "; " + m.manualDelete(d) + ")");
        }
      }
    } catch (UnsupportedOperationException e) {
      return failed;
    } catch (RuntimeException e) {
      for (AmqpDestination d : nodes) {
        failed.add(d.name() + " (" + e.getMessage() + ")");
      }
    }
    return failed;
  }

  /** The nodes the run created, as found before it (empty with keep or without management). */
  public List<AmqpDestination> created() {
    return List.copyOf(created);
  }

  private static String names(List<AmqpDestination> nodes) {
    return nodes.stream().map(AmqpDestination::name).collect(Collectors.joining(", "));
  }
}
