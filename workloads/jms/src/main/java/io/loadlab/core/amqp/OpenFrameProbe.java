package io.loadlab.core.amqp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.apache.qpid.jms.provider.amqp.AmqpSaslAuthenticator;
import org.apache.qpid.jms.sasl.Mechanism;
import org.apache.qpid.jms.sasl.SaslMechanismFinder;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.EndpointState;
import org.apache.qpid.proton.engine.Sasl;
import org.apache.qpid.proton.engine.SaslListener;
import org.apache.qpid.proton.engine.Transport;

/**
 * The AMQP 1.0 exchange behind {@link BrokerIdentity#probe}: TCP (TLS for {@code amqps://}), the
 * SASL layer, then the open frames; it hangs up as soon as the broker's open arrives. Protocol only
 * (proton-j, the engine under Qpid JMS): no session, no link, nothing of JMS.
 *
 * <p>The login is the one Qpid JMS makes: of the mechanisms the broker offers, Qpid JMS's own
 * choice ({@code SCRAM-SHA-512} before {@code SCRAM-SHA-256}, {@code SCRAM-SHA-1}, {@code
 * CRAM-MD5}, {@code PLAIN}, {@code ANONYMOUS}; narrowed by {@code amqp.saslMechanisms} in the URI),
 * computed by Qpid JMS's mechanisms and its SASL authenticator. A broker such as Qpid Broker-J 9,
 * which offers no {@code PLAIN} on a plain TCP port, drops a client that insists on a mechanism it
 * did not offer before sending its open: the probe must log in as the run's clients will.
 */
final class OpenFrameProbe {
  private static final int TIMEOUT_MS = 10_000;

  private OpenFrameProbe() {}

  /** The broker's connection properties, or null if it did not send its open. */
  static Map<Symbol, Object> ask(AmqpConnectionSettings settings)
      throws IOException, GeneralSecurityException {
    String text = settings.uri();
    URI uri = firstAddress(text);
    if (uri == null || uri.getHost() == null || uri.getScheme() == null) {
      return null;
    }
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("amqp") && !scheme.equals("amqps")) {
      return null; // WebSockets: not asked
    }
    boolean tls = scheme.equals("amqps");
    int port = uri.getPort() > 0 ? uri.getPort() : tls ? 5671 : 5672;
    String vhost = option(text, "amqp.vhost");
    if (vhost == null) {
      vhost = uri.getHost();
    } else if (vhost.isEmpty()) {
      vhost = null; // amqp.vhost= : Qpid JMS then names no host
    }
    try (Socket socket = socket(settings, uri.getHost(), port, tls)) {
      return handshake(settings, uri.getHost(), vhost, socket);
    }
  }

  /** The first address of a failover URI, or the URI itself. */
  static URI firstAddress(String text) {
    String s = text.trim();
    if (s.toLowerCase(Locale.ROOT).startsWith("failover:")) {
      s = s.substring("failover:".length());
      if (s.startsWith("(")) {
        s = s.substring(1);
      }
      int end = s.length();
      for (char c : new char[] {',', ')'}) {
        int i = s.indexOf(c);
        if (i >= 0) {
          end = Math.min(end, i);
        }
      }
      s = s.substring(0, end);
    }
    try {
      return new URI(s);
    } catch (java.net.URISyntaxException e) {
      return null;
    }
  }

  /**
   * A Qpid JMS URI option's value, wherever it is given (on the address, or nested under a failover
   * URI), or null.
   */
  static String option(String uri, String name) {
    int i = uri.indexOf(name + "=");
    while (i > 0 && Character.isLetterOrDigit(uri.charAt(i - 1))) {
      i = uri.indexOf(name + "=", i + 1);
    }
    if (i < 0) {
      return null;
    }
    String v = uri.substring(i + name.length() + 1);
    int end = v.length();
    for (char c : new char[] {'&', ')', ','}) {
      int at = v.indexOf(c);
      if (at >= 0) {
        end = Math.min(end, at);
      }
    }
    return java.net.URLDecoder.decode(v.substring(0, end), java.nio.charset.StandardCharsets.UTF_8);
  }

  private static Socket socket(AmqpConnectionSettings settings, String host, int port, boolean tls)
      throws IOException, GeneralSecurityException {
    Socket plain = new Socket();
    plain.connect(new InetSocketAddress(host, port), TIMEOUT_MS);
    plain.setSoTimeout(TIMEOUT_MS);
    if (!tls) {
      return plain;
    }
    SSLContext context = SSLContext.getInstance("TLS");
    TrustManagerFactory trust =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    if (settings.trustStore() == null) {
      trust.init((KeyStore) null);
    } else {
      char[] pw =
          settings.trustStorePassword() == null
              ? null
              : settings.trustStorePassword().toCharArray();
      trust.init(KeyStore.getInstance(settings.trustStore().toFile(), pw));
    }
    context.init(null, trust.getTrustManagers(), null);
    SSLSocket ssl = (SSLSocket) context.getSocketFactory().createSocket(plain, host, port, true);
    ssl.startHandshake();
    return ssl;
  }

  private static Map<Symbol, Object> handshake(
      AmqpConnectionSettings settings, String host, String vhost, Socket socket)
      throws IOException {
    Transport transport = Proton.transport();
    Connection connection = Proton.connection();
    connection.setContainer("loadlab-probe");
    connection.setHostname(vhost);
    transport.bind(connection);
    AmqpSaslAuthenticator login = null;
    if (!"false".equalsIgnoreCase(option(settings.uri(), "amqp.saslLayer"))) {
      login = login(transport, settings, host, vhost);
    }
    connection.open();
    OutputStream out = socket.getOutputStream();
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[8192];
    long deadline = System.nanoTime() + TIMEOUT_MS * 1_000_000L;
    while (System.nanoTime() < deadline) {
      flush(transport, out);
      if (login != null && login.isComplete() && !login.wasSuccessful()) {
        return null; // the run's own connection reports a refused login
      }
      if (connection.getRemoteState() != EndpointState.UNINITIALIZED) {
        return connection.getRemoteProperties() == null
            ? Map.of()
            : connection.getRemoteProperties();
      }
      int n = in.read(buffer);
      if (n < 0) {
        return null;
      }
      for (int offset = 0; offset < n; ) {
        int capacity = transport.capacity();
        if (capacity <= 0) {
          return null;
        }
        int chunk = Math.min(capacity, n - offset);
        transport.tail().put(buffer, offset, chunk);
        transport.process();
        offset += chunk;
      }
    }
    return null;
  }

  /** The client side of SASL, driven by Qpid JMS's authenticator as a Qpid JMS connection is. */
  private static AmqpSaslAuthenticator login(
      Transport transport, AmqpConnectionSettings settings, String host, String vhost) {
    String restriction = option(settings.uri(), "amqp.saslMechanisms");
    Set<String> allowed = // null: any (an empty set would allow none)
        restriction == null || restriction.isBlank()
            ? null
            : Arrays.stream(restriction.split(","))
                .map(String::strip)
                .filter(m -> !m.isEmpty())
                .collect(Collectors.toSet());
    AmqpSaslAuthenticator login =
        new AmqpSaslAuthenticator(
            offered -> {
              Mechanism m =
                  SaslMechanismFinder.findMatchingMechanism(
                      settings.user(), settings.password(), null, allowed, offered);
              m.setUsername(settings.user());
              m.setPassword(settings.password());
              m.init(Map.of("serverName", host));
              return m;
            });
    Sasl sasl = transport.sasl();
    sasl.client();
    if (vhost != null) {
      sasl.setRemoteHostname(vhost);
    }
    sasl.setListener(
        new SaslListener() {
          @Override
          public void onSaslMechanisms(Sasl s, Transport t) {
            login.handleSaslMechanisms(s, t);
          }

          @Override
          public void onSaslChallenge(Sasl s, Transport t) {
            login.handleSaslChallenge(s, t);
          }

          @Override
          public void onSaslOutcome(Sasl s, Transport t) {
            login.handleSaslOutcome(s, t);
          }

          @Override
          public void onSaslInit(Sasl s, Transport t) {
            // a server's event
          }

          @Override
          public void onSaslResponse(Sasl s, Transport t) {
            // a server's event
          }
        });
    return login;
  }

  private static void flush(Transport transport, OutputStream out) throws IOException {
    int pending;
    while ((pending = transport.pending()) > 0) {
      ByteBuffer head = transport.head();
      byte[] bytes = new byte[pending];
      head.get(bytes);
      out.write(bytes);
      transport.pop(pending);
    }
    out.flush();
  }
}
