package io.loadlab.core.amqp;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What loadlab knows of a kind of broker: how it names queues and topics in AMQP 1.0 addresses and
 * what it can do (transactions, queues created on first use, temporary queues, durable shared
 * subscriptions, topics a client can subscribe to). Picked from the broker's open frame ({@link
 * #detect(BrokerIdentity)}) or named by the user ({@link #parse(String, String)}). See {@code
 * docs/amqp.md} for where each fact comes from.
 */
public enum BrokerProfile {
  /** Apache ActiveMQ Artemis: plain names, anycast queues and multicast topics by capability. */
  ARTEMIS("artemis", "", "", true, true, true, true, true, true),
  /**
   * RabbitMQ 3.x with the rabbitmq_amqp1_0 plugin (v1 addresses): {@code /queue/NAME} declares and
   * uses a queue, {@code /topic/KEY} publishes to amq.topic and subscribes through an exclusive
   * auto-delete queue. No transactions, no shared subscriptions; queues are not deleted over AMQP
   * 1.0.
   */
  RABBITMQ3("rabbitmq3", "/queue/", "/topic/", false, true, false, false, true, false),
  /**
   * RabbitMQ 4.x native AMQP 1.0 (v2 addresses, from its documentation): {@code /queues/NAME} names
   * a queue that must exist, {@code /exchanges/amq.topic/KEY} a topic one can only publish to.
   */
  RABBITMQ4(
      "rabbitmq4", "/queues/", "/exchanges/amq.topic/", false, false, false, false, false, false),
  /**
   * Apache Qpid Broker-J: plain queue names; its default virtual host creates no queue on demand;
   * topics through amq.topic.
   */
  QPID_BROKER_J("qpid-broker-j", "", "amq.topic/", true, false, true, true, true, false),
  /**
   * Apache Qpid Dispatch Router (from its documentation): routes by address, stores nothing, no
   * transactions.
   */
  QPID_DISPATCH("qpid-dispatch", "", "", false, true, false, false, true, false),
  /** Any other AMQP 1.0 broker: plain names, everything assumed; what it refuses fails the run. */
  GENERIC("generic", "", "", true, true, true, true, true, false);

  private final String label;
  private final String queuePrefix;
  private final String topicPrefix;
  private final boolean transactions;
  private final boolean autoCreate;
  private final boolean temporaryQueues;
  private final boolean durableSubscriptions;
  private final boolean topicSubscriptions;
  private final boolean deletesQueues;

  BrokerProfile(
      String label,
      String queuePrefix,
      String topicPrefix,
      boolean transactions,
      boolean autoCreate,
      boolean temporaryQueues,
      boolean durableSubscriptions,
      boolean topicSubscriptions,
      boolean deletesQueues) {
    this.label = label;
    this.queuePrefix = queuePrefix;
    this.topicPrefix = topicPrefix;
    this.transactions = transactions;
    this.autoCreate = autoCreate;
    this.temporaryQueues = temporaryQueues;
    this.durableSubscriptions = durableSubscriptions;
    this.topicSubscriptions = topicSubscriptions;
    this.deletesQueues = deletesQueues;
  }

  /**
   * The profile for what the broker said of itself in its open frame's {@code product} (and, for
   * RabbitMQ, {@code version}); {@link #GENERIC} for anything unknown. Products as the brokers send
   * them: {@code apache-activemq-artemis}, {@code RabbitMQ} (3.x: v1 addresses; 4.x: v2), {@code
   * Apache Qpid Broker-J Core} (Broker-J 7 to 9), {@code qpid-dispatch-router} (and its successor
   * {@code skupper-router}). The Qpid C++ broker ({@code qpid-cpp}) is not Broker-J: generic.
   */
  public static BrokerProfile detect(BrokerIdentity id) {
    String product = id.product().toLowerCase(Locale.ROOT);
    if (product.contains("artemis")) {
      return ARTEMIS;
    }
    if (product.contains("rabbitmq")) {
      return id.majorVersion() >= 4 ? RABBITMQ4 : RABBITMQ3;
    }
    if (product.contains("dispatch") || product.contains("router")) {
      return QPID_DISPATCH;
    }
    if (product.contains("broker-j") || product.equals("qpid")) {
      return QPID_BROKER_J;
    }
    return GENERIC;
  }

  /** Parses a profile name ({@code artemis}, {@code rabbitmq3}, …) given in {@code option}. */
  public static BrokerProfile parse(String option, String text) {
    for (BrokerProfile p : values()) {
      if (p.label.equalsIgnoreCase(text.strip())) {
        return p;
      }
    }
    throw new UsageException(
        option
            + ": '"
            + Texts.cut(text)
            + "' is not a broker profile; use "
            + names()
            + " (or auto)");
  }

  /** Every profile's name, comma-separated. */
  public static String names() {
    return Arrays.stream(values()).map(p -> p.label).collect(Collectors.joining(", "));
  }

  /** The name users give, e.g. {@code rabbitmq3}. */
  public String label() {
    return label;
  }

  /** The broker this profile is for, in words. */
  public String brokerName() {
    return switch (this) {
      case ARTEMIS -> "Apache ActiveMQ Artemis";
      case RABBITMQ3 -> "RabbitMQ 3.x";
      case RABBITMQ4 -> "RabbitMQ 4.x";
      case QPID_BROKER_J -> "Qpid Broker-J";
      case QPID_DISPATCH -> "Qpid Dispatch Router";
      case GENERIC -> "this broker";
    };
  }

  /** The AMQP address of a queue. */
  public String queueAddress(String name) {
    return queuePrefix + name;
  }

  /** The AMQP address of a topic. */
  public String topicAddress(String name) {
    return topicPrefix + name;
  }

  /** True if the broker runs AMQP 1.0 transactions (--tx). */
  public boolean transactions() {
    return transactions;
  }

  /** True if a queue is created the first time a client uses it. */
  public boolean autoCreate() {
    return autoCreate;
  }

  /** True if the broker makes temporary queues (dynamic nodes) for clients. */
  public boolean temporaryQueues() {
    return temporaryQueues;
  }

  /** True if it keeps JMS 2.0 shared durable subscriptions (else subscribers are plain). */
  public boolean durableSubscriptions() {
    return durableSubscriptions;
  }

  /** True if a client can subscribe to a topic address (fanout and topic modes). */
  public boolean topicSubscriptions() {
    return topicSubscriptions;
  }

  /** True if queues created on first use go away by themselves when the last client leaves. */
  public boolean deletesQueues() {
    return deletesQueues;
  }

  @Override
  public String toString() {
    return label;
  }
}
