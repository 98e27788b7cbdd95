package io.loadlab.core.jms.provider;

/**
 * A setting of loadlab's messaging workloads that only some JMS providers can honour. A run that
 * asks for one its provider lacks is refused before anything starts (exit 2), naming both.
 */
public enum ProviderFeature {
  /** Presettled (at-most-once) delivery on every link: an AMQP 1.0 notion. */
  PRESETTLED("--presettled", "presettled delivery"),
  /** The largest protocol frame the client asks for. */
  MAX_FRAME_SIZE("--max-frame-size", "maximum frame size setting"),
  /** How threads wait for the client's I/O thread (Qpid JMS {@code provider.futureType}). */
  WAIT_STRATEGY("--wait-strategy", "wait strategy setting"),
  /** TCP_NODELAY off on the client's sockets. */
  TCP_NODELAY_OFF("--tcp-nodelay off", "way to turn TCP_NODELAY off"),
  /** A trust store for TLS connections. */
  TLS("--trust-store", "trust store setting (configure TLS in its URL)"),
  /** JMS 2.0 shared durable subscriptions ({@code --durable} with topics). */
  SHARED_DURABLE_SUBSCRIPTIONS("--durable", "shared durable subscriptions"),
  /** JMS 2.0 asynchronous send with a completion listener (publishing with pending confirms). */
  ASYNC_SEND("--max-pending", "asynchronous sends (JMS 2.0 CompletionListener)");

  private final String option;
  private final String words;

  ProviderFeature(String option, String words) {
    this.option = option;
    this.words = words;
  }

  /** The option that asks for it, e.g. {@code --presettled}. */
  public String option() {
    return option;
  }

  /** The feature in words, for messages. */
  public String words() {
    return words;
  }
}
