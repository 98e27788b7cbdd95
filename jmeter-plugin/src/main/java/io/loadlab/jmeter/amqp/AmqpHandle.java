package io.loadlab.jmeter.amqp;

import io.loadlab.core.amqp.Acknowledgement;
import io.loadlab.core.amqp.AmqpClient;
import io.loadlab.core.amqp.AmqpConnection;
import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.amqp.BrokerProfile;
import io.loadlab.jmeter.PerThread;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What an AMQP Connection element gives its samplers: each thread's clients (one JMS session per
 * acknowledgement mode), over a connection of the thread's own or one shared connection. All of it
 * is closed when the test ends.
 */
final class AmqpHandle {
  private final AmqpConnectionSettings settings;
  private final PerThread<AmqpConnection> connections;
  private final ThreadLocal<Map<Acknowledgement, AmqpClient>> clients =
      ThreadLocal.withInitial(() -> new EnumMap<>(Acknowledgement.class));
  private final Set<AmqpClient> allClients = ConcurrentHashMap.newKeySet();

  AmqpHandle(AmqpConnectionSettings settings, boolean shared) {
    this.settings = settings;
    this.connections = new PerThread<>(shared, () -> AmqpConnection.open(settings));
  }

  /** The connection's settings (with the broker's profile). */
  AmqpConnectionSettings settings() {
    return settings;
  }

  /** The broker's profile: its addresses and what it can do. */
  BrokerProfile profile() {
    return settings.profile();
  }

  /** The broker, with secrets masked. */
  String describe() {
    return settings.describe();
  }

  /** The calling thread's client with {@code ack}, opened (with its connection) on first use. */
  AmqpClient client(Acknowledgement ack) throws Exception {
    Map<Acknowledgement, AmqpClient> mine = clients.get();
    AmqpClient c = mine.get(ack);
    if (c == null) {
      AmqpConnection connection = connections.get();
      if (connection.failure() != null) {
        connections.discard();
        connection = connections.get();
      }
      c = connection.newClient(ack);
      mine.put(ack, c);
      allClients.add(c);
    }
    return c;
  }

  /**
   * Forgets the calling thread's client after a failure, so the next sample opens a new session; if
   * the connection itself failed, a per-thread connection is reopened too.
   */
  void discard(Acknowledgement ack) {
    AmqpClient c = clients.get().remove(ack);
    if (c == null) {
      return;
    }
    allClients.remove(c);
    boolean connectionFailed = c.connection().failure() != null;
    c.close();
    if (connectionFailed) {
      connections.discard();
    }
  }

  /** Closes the calling thread's sessions (and its own connection); when the thread finishes. */
  void releaseThread() {
    Map<Acknowledgement, AmqpClient> mine = clients.get();
    for (AmqpClient c : mine.values()) {
      allClients.remove(c);
      c.close();
    }
    mine.clear();
    if (!connections.isShared()) {
      connections.discard();
    }
  }

  /** Closes every session and connection; when the test ends. */
  void closeAll() {
    for (AmqpClient c : allClients) {
      c.close();
    }
    allClients.clear();
    connections.closeAll();
  }
}
