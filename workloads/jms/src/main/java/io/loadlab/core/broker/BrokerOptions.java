package io.loadlab.core.broker;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * How an {@link EmbeddedBroker} is started. Ranges are checked as the options are made, each
 * problem one line naming the command-line option, so a bad value is refused before anything
 * starts.
 *
 * @param host the address to listen on, e.g. {@code 127.0.0.1} or {@code 0.0.0.0}
 * @param port the port, or 0 for a free one
 * @param persistent keep durable messages in a journal under {@code dataDir}
 * @param dataDir where the journal goes ({@code null}: a temporary directory, removed on close)
 * @param tls the port's TLS identity, or {@code null} for plain AMQP
 * @param users the only users who may log in (name to password), or {@code null}: security off
 * @param threads I/O threads of the acceptor (Artemis's {@code remotingThreads}, the Netty event
 *     loops that read and write every connection), 1 to {@value #MAX_THREADS}; 0: Artemis's default
 *     of 3 per CPU
 */
public record BrokerOptions(
    String host,
    int port,
    boolean persistent,
    Path dataDir,
    BrokerTls tls,
    Map<String, String> users,
    int threads) {
  /** Most I/O threads a broker may be given (far more than any machine's cores). */
  public static final int MAX_THREADS = 1024;

  public BrokerOptions {
    Objects.requireNonNull(host, "host");
    if (port < 0 || port > 65535) {
      throw new UsageException("--port: " + port + " is out of range; use 0 to 65535");
    }
    if (threads < 0 || threads > MAX_THREADS) {
      throw new UsageException(
          "--threads: " + threads + " is out of range; use 1 to " + MAX_THREADS);
    }
    users = users == null ? null : Map.copyOf(users);
  }

  /**
   * A non-persistent broker on {@code host}:{@code port} (0: a free port) speaking plain AMQP, open
   * to anonymous logins, with Artemis's default threads.
   */
  public static BrokerOptions on(String host, int port) {
    return new BrokerOptions(host, port, false, null, null, null, 0);
  }

  /** These options, keeping durable messages in a journal under {@code dir} (null: temporary). */
  public BrokerOptions persistent(Path dir) {
    return new BrokerOptions(host, port, true, dir, tls, users, threads);
  }

  /** These options with the port speaking TLS with {@code identity} ({@code null}: plain AMQP). */
  public BrokerOptions withTls(BrokerTls identity) {
    return new BrokerOptions(host, port, persistent, dataDir, identity, users, threads);
  }

  /** These options requiring a login from one of {@code logins} (name to password). */
  public BrokerOptions withLogins(Map<String, String> logins) {
    return new BrokerOptions(
        host, port, persistent, dataDir, tls, Objects.requireNonNull(logins), threads);
  }

  /** These options with {@code count} I/O threads (0: Artemis's default). */
  public BrokerOptions withThreads(int count) {
    return new BrokerOptions(host, port, persistent, dataDir, tls, users, count);
  }

  /** The options without the users' passwords. */
  @Override
  public String toString() {
    return "BrokerOptions[host="
        + host
        + ", port="
        + port
        + ", persistent="
        + persistent
        + ", dataDir="
        + dataDir
        + ", tls="
        + tls
        + ", users="
        + (users == null ? "none" : users.keySet())
        + ", threads="
        + threads
        + "]";
  }
}
