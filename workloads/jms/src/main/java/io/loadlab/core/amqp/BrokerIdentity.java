package io.loadlab.core.amqp;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.qpid.proton.amqp.Symbol;

/**
 * Who the broker says it is: the {@code product} and {@code version} properties of its AMQP open
 * frame. Qpid JMS keeps them to itself, so {@link #probe} opens one short AMQP connection of its
 * own ({@link OpenFrameProbe}) and closes it as soon as the broker's open arrives.
 *
 * @param product the broker's product name, or {@code ""} if it sent none
 * @param version its version, or {@code ""}
 * @param properties every connection property it sent, as text
 */
public record BrokerIdentity(String product, String version, Map<String, String> properties) {
  /** A broker that said nothing about itself (or could not be asked). */
  public static final BrokerIdentity UNKNOWN = new BrokerIdentity("", "", Map.of());

  /** The major version number, or -1 if the version does not start with one. */
  public int majorVersion() {
    String digits = version.replaceFirst("^[^0-9]*", "").replaceFirst("[^0-9].*$", "");
    return digits.isEmpty()
        ? -1
        : Integer.parseInt(digits.substring(0, Math.min(6, digits.length())));
  }

  /** {@code product version}, for messages. */
  public String describe() {
    return product.isEmpty() ? "an unnamed AMQP broker" : (product + " " + version).strip();
  }

  /**
   * Asks the broker who it is, logging in as the run's clients will (the settings' user and
   * password, with the SASL mechanism Qpid JMS picks from those the broker offers; anonymously
   * without a user), over TLS for {@code amqps://}; the first address of a failover URI is asked.
   * Returns {@link #UNKNOWN} for what it cannot ask (WebSockets) or if the broker does not answer:
   * the generic profile then applies.
   */
  public static BrokerIdentity probe(AmqpConnectionSettings settings) {
    try {
      return of(OpenFrameProbe.ask(settings));
    } catch (IOException | RuntimeException | java.security.GeneralSecurityException e) {
      return UNKNOWN;
    }
  }

  /** The identity in an open frame's connection properties; {@link #UNKNOWN} for none. */
  static BrokerIdentity of(Map<Symbol, Object> remote) {
    if (remote == null) {
      return UNKNOWN;
    }
    Map<String, String> all = new LinkedHashMap<>();
    remote.forEach((k, v) -> all.put(String.valueOf(k), String.valueOf(v)));
    return new BrokerIdentity(
        all.getOrDefault("product", ""), all.getOrDefault("version", ""), Map.copyOf(all));
  }
}
