package io.loadlab.core.jms.providers;

import io.loadlab.core.jms.provider.ProviderSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The URI handed to the Qpid JMS connection factory: the broker URI as given, with {@link
 * ProviderSettings} added as Qpid JMS URI options, and the defaults a run needs where the URI does
 * not set them (a bounded first failover connection, a request timeout, receives that do not drain
 * the broker). Kept apart from the settings because it speaks Qpid JMS's option names, which
 * nothing else in the settings knows. Used once per connection, never per message.
 */
final class QpidJmsUri {
  /** Attempts to make the first connection through a failover URI (about 10 s) unless set. */
  private static final int FAILOVER_STARTUP_ATTEMPTS = 10;

  /**
   * How long a request to the broker (a session, a link, a transaction's begin or commit) may go
   * unanswered unless the URI says otherwise: Qpid JMS waits forever by default, and a broker that
   * ignores a transaction coordinator would hang the run.
   */
  private static final int REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How long closing a connection may wait for the broker's answer unless the URI says otherwise:
   * Qpid JMS waits 60 s by default, and a broker at a limit may leave a producer's close unanswered
   * while the run has already ended (its result written, the reason known).
   */
  private static final int CLOSE_TIMEOUT_MS = 5_000;

  private QpidJmsUri() {}

  /** The factory URI for {@code settings}; it holds the trust store password if one is set. */
  static String of(ProviderSettings settings) {
    String uri = settings.url();
    int prefetch = settings.prefetch();
    int maxFrameSize = settings.maxFrameSize();
    String waitStrategy = settings.waitStrategy();
    Path trustStore = settings.trustStore();
    String trustStorePassword = settings.trustStorePassword();
    boolean failover = uri.startsWith("failover:");
    List<String> options = new ArrayList<>();
    if (prefetch >= 0) {
      options.add("jms.prefetchPolicy.all=" + prefetch);
    }
    if (settings.presettled()) {
      options.add("jms.presettlePolicy.presettleAll=true");
    }
    if (prefetch != 0 && !uri.contains("LocalOnly")) {
      // With credit, messages arrive by themselves. Without these, every receive that times out
      // sends the broker a drain request, and one the broker is slow to answer holds the receive
      // for Qpid JMS's drain timeout (60 s).
      options.add("jms.receiveLocalOnly=true");
      options.add("jms.receiveNoWaitLocalOnly=true");
    }
    if (failover && !uri.contains("startupMaxReconnectAttempts")) {
      // Qpid JMS retries a first connection forever by default; a run should say it cannot start.
      options.add("failover.startupMaxReconnectAttempts=" + FAILOVER_STARTUP_ATTEMPTS);
    }
    if (maxFrameSize > 0 && !uri.contains("amqp.maxFrameSize")) {
      options.add("amqp.maxFrameSize=" + maxFrameSize);
    }
    if (waitStrategy != null
        && !waitStrategy.equals("auto")
        && !uri.contains("provider.futureType")) {
      options.add("provider.futureType=" + waitStrategy);
    }
    String transport = failover ? "failover.nested.transport." : "transport.";
    if (!settings.tcpNoDelay() && !uri.contains("tcpNoDelay")) {
      options.add(transport + "tcpNoDelay=false");
    }
    if (trustStore != null) {
      options.add(transport + "trustStoreLocation=" + trustStore.toAbsolutePath());
      if (trustStorePassword != null) {
        options.add(transport + "trustStorePassword=" + trustStorePassword);
      }
    }
    if (!uri.contains("jms.requestTimeout")) {
      options.add("jms.requestTimeout=" + REQUEST_TIMEOUT_MS);
    }
    if (!uri.contains("jms.closeTimeout")) {
      options.add("jms.closeTimeout=" + CLOSE_TIMEOUT_MS);
    }
    int close = uri.lastIndexOf(')');
    boolean hasQuery = uri.indexOf('?', Math.max(close, 0)) >= 0;
    return uri + (hasQuery ? "&" : "?") + String.join("&", options);
  }
}
