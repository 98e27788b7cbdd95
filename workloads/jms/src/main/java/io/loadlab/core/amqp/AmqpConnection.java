package io.loadlab.core.amqp;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.ConnectionEvents;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderSettings;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import java.util.ArrayList;
import java.util.List;

/**
 * One AMQP connection to a broker, safe to share between threads; each thread works through its own
 * {@link AmqpClient} ({@link #newClient(Acknowledgement)}), which is one session. It keeps the
 * history of the connection: when it was interrupted and restored (with a failover URI) and whether
 * it failed for good.
 */
public final class AmqpConnection implements AutoCloseable {
  static {
    // Qpid JMS says "connected" at INFO for every connection; keep load runs quiet.
    quietLogger("org.apache.qpid.jms");
  }

  private final AmqpConnectionSettings settings;
  private final Connection connection;
  private final List<Outage> outages = new ArrayList<>();
  private volatile Throwable failure;
  private volatile long interruptedAtMs = -1;

  /** A stretch of time the connection was down, in epoch milliseconds; end -1 while still down. */
  public record Outage(long startEpochMs, long endEpochMs) {
    /** How long it lasted, in milliseconds (up to now if still down). */
    public long millis() {
      return (endEpochMs < 0 ? System.currentTimeMillis() : endEpochMs) - startEpochMs;
    }
  }

  private AmqpConnection(AmqpConnectionSettings settings, Connection connection) {
    this.settings = settings;
    this.connection = connection;
  }

  /**
   * Connects and starts delivery.
   *
   * @throws UnreachableTargetException if the broker cannot be reached
   * @throws UsageException if the broker refuses the login
   */
  public static AmqpConnection open(AmqpConnectionSettings settings) {
    JmsProvider provider = settings.provider();
    ProviderSettings ps = settings.providerSettings();
    Connection c;
    try {
      c = provider.connect(provider.connectionFactory(ps), ps);
    } catch (JMSSecurityException e) {
      throw loginRefused(settings, e);
    } catch (JMSException | RuntimeException e) {
      throw isLoginFailure(e) ? loginRefused(settings, e) : unreachableOrRefused(settings, e);
    }
    AmqpConnection amqp = new AmqpConnection(settings, c);
    try {
      provider.watch(c, amqp.new Watcher());
      c.setExceptionListener(e -> amqp.failed(e));
      c.start();
    } catch (JMSException | RuntimeException e) {
      amqp.close();
      throw isLoginFailure(e) ? loginRefused(settings, e) : unreachableOrRefused(settings, e);
    }
    return amqp;
  }

  /**
   * A login the broker refused, named as such (exit 2: a setting to fix, the broker is there): an
   * anonymous login to a broker that requires one, or a user and password it does not accept.
   */
  static LoadlabException loginRefused(AmqpConnectionSettings settings, Exception e) {
    AmqpConnectionSettings.Names n = settings.names();
    String broker = Secrets.mask(settings.uri());
    if (settings.user() == null) {
      return new UsageException(
          "the broker at "
              + broker
              + " refused an anonymous login ("
              + firstLine(e)
              + "); it requires a user: give "
              + n.user()
              + " and the password in "
              + n.password(),
          e);
    }
    return new UsageException(
        "the broker at "
            + broker
            + " refused the login for user '"
            + Texts.cut(settings.user())
            + "' ("
            + firstLine(e)
            + "); check "
            + n.user()
            + " and the password in "
            + n.password(),
        e);
  }

  /**
   * A broker that answered but refused the connection's open (a virtual host it does not have, as
   * Qpid Broker-J answers for a host name it does not know) is a setting to fix, exit 2.
   */
  private static LoadlabException unreachableOrRefused(
      AmqpConnectionSettings settings, Exception e) {
    if ("amqp:not-found".equals(BrokerRefusal.condition(e))) {
      return new UsageException(
          "the broker at "
              + Secrets.mask(settings.uri())
              + " has no virtual host by the name the client gave ("
              + firstLine(e)
              + "); name one with amqp.vhost=NAME in "
              + settings.names().broker()
              + ", e.g. "
              + Secrets.mask(settings.uri())
              + (settings.uri().contains("?") ? "&" : "?")
              + "amqp.vhost=default",
          e);
    }
    return unreachable(settings, e);
  }

  private static LoadlabException unreachable(AmqpConnectionSettings settings, Exception e) {
    if (isTlsFailure(e)) {
      return new UnreachableTargetException(
          "TLS handshake with the AMQP broker at "
              + settings.describe()
              + " failed ("
              + firstLine(e)
              + "); "
              + (settings.trustStore() == null
                  ? "name a trust store holding the broker's certificate with --trust-store"
                  : "check that the trust store "
                      + settings.trustStore()
                      + " holds the broker's certificate and its password ("
                      + AmqpConnectionSettings.TRUST_STORE_PASSWORD_ENV
                      + " or --trust-store-password-file)"));
    }
    if (firstLine(e).contains("header mismatch")) {
      // Proton read another protocol's header: an AMQP 0-9-1 broker such as RabbitMQ 3.x answers
      // a 1.0 header with its own
      return new UnreachableTargetException(
          "the server at "
              + settings.describe()
              + " answered, but not in AMQP 1.0 ("
              + firstLine(e)
              + "); point "
              + settings.names().broker()
              + " at an AMQP 1.0 listener (RabbitMQ 3.x: rabbitmq-plugins enable rabbitmq_amqp1_0)");
    }
    return new UnreachableTargetException(
        (settings.provider().speaksAmqp10()
                ? "cannot reach the AMQP broker at "
                : "cannot reach the broker at ")
            + settings.describe()
            + " ("
            + firstLine(e)
            + "); "
            + (settings.names() == AmqpConnectionSettings.Names.CLI
                ? "start one (loadlab broker) or fix --broker"
                : "start it or fix " + settings.names().broker()));
  }

  /** True if the broker refused the login (SASL outcome, or the open refused as unauthorized). */
  static boolean isLoginFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof JMSSecurityException
          || t
              instanceof
              org.apache.qpid.jms.provider.exceptions.ProviderConnectionSecurityException) {
        return true;
      }
    }
    return false;
  }

  private static boolean isTlsFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof javax.net.ssl.SSLException
          || t instanceof java.security.GeneralSecurityException) {
        return true;
      }
    }
    return false;
  }

  private static String firstLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    int nl = m.indexOf('\n');
    return Secrets.mask(nl < 0 ? m : m.substring(0, nl));
  }

  /** Opens a client (one session) on this connection, for one thread. */
  public AmqpClient newClient(Acknowledgement ack) {
    return new AmqpClient(this, ack, false);
  }

  /** The settings it was opened with. */
  public AmqpConnectionSettings settings() {
    return settings;
  }

  Connection jms() {
    return connection;
  }

  /** The failure that ended the connection for good, or {@code null} while it is usable. */
  public Throwable failure() {
    return failure;
  }

  /** True while the connection is interrupted and failover is trying to restore it. */
  public boolean isInterrupted() {
    return interruptedAtMs >= 0;
  }

  /** Every outage so far (failover URIs only), oldest first. */
  public synchronized List<Outage> outages() {
    List<Outage> all = new ArrayList<>(outages);
    if (interruptedAtMs >= 0) {
      all.add(new Outage(interruptedAtMs, -1));
    }
    return all;
  }

  private void failed(Throwable e) {
    if (failure == null) {
      failure = e;
    }
  }

  private synchronized void interrupted() {
    if (interruptedAtMs < 0) {
      interruptedAtMs = System.currentTimeMillis();
    }
  }

  private synchronized void restored() {
    if (interruptedAtMs >= 0) {
      outages.add(new Outage(interruptedAtMs, System.currentTimeMillis()));
      interruptedAtMs = -1;
    }
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (JMSException | RuntimeException e) {
      // Closing a connection whose broker is gone: nothing more to do.
    }
  }

  static void quietLogger(String name) {
    String key = "org.slf4j.simpleLogger.log." + name;
    if (System.getProperty(key) == null) {
      System.setProperty(key, "warn");
    }
  }

  private final class Watcher implements ConnectionEvents {
    @Override
    public void failed(Throwable error) {
      AmqpConnection.this.failed(error);
    }

    @Override
    public void interrupted() {
      AmqpConnection.this.interrupted();
    }

    @Override
    public void restored() {
      AmqpConnection.this.restored();
    }
  }
}
