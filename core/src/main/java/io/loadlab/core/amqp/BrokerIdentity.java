package io.loadlab.core.amqp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.EndpointState;
import org.apache.qpid.proton.engine.Sasl;
import org.apache.qpid.proton.engine.Transport;

/**
 * Who the broker says it is: the {@code product} and {@code version} properties of its AMQP open
 * frame. Qpid JMS keeps them to itself, so {@link #probe} opens one short AMQP connection of its
 * own (proton-j, the engine under Qpid JMS) and closes it as soon as the broker's open arrives.
 *
 * @param product the broker's product name, or {@code ""} if it sent none
 * @param version its version, or {@code ""}
 * @param properties every connection property it sent, as text
 */
public record BrokerIdentity(String product, String version, Map<String, String> properties) {
  private static final int TIMEOUT_MS = 10_000;

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
   * Asks the broker who it is, with the settings' login (PLAIN) or anonymously, over TLS for {@code
   * amqps://}; the first address of a failover URI is asked. Returns {@link #UNKNOWN} for what it
   * cannot ask (WebSockets) or if the broker does not answer: the generic profile then applies.
   */
  public static BrokerIdentity probe(AmqpConnectionSettings settings) {
    URI uri = firstAddress(settings.uri());
    if (uri == null || uri.getHost() == null) {
      return UNKNOWN;
    }
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("amqp") && !scheme.equals("amqps")) {
      return UNKNOWN;
    }
    boolean tls = scheme.equals("amqps");
    int port = uri.getPort() > 0 ? uri.getPort() : tls ? 5671 : 5672;
    try (Socket socket = socket(settings, uri.getHost(), port, tls)) {
      return handshake(settings, socket, vhost(settings.uri(), uri.getHost()));
    } catch (IOException | RuntimeException | java.security.GeneralSecurityException e) {
      return UNKNOWN;
    }
  }

  private static URI firstAddress(String text) {
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

  /** The virtual host Qpid JMS names in its open frame: {@code amqp.vhost}, else the host. */
  private static String vhost(String uri, String host) {
    int i = uri.indexOf("amqp.vhost=");
    if (i < 0) {
      return host;
    }
    String v = uri.substring(i + "amqp.vhost=".length());
    int end = v.indexOf('&');
    return end < 0 ? v : v.substring(0, end);
  }

  private static Socket socket(AmqpConnectionSettings settings, String host, int port, boolean tls)
      throws IOException, java.security.GeneralSecurityException {
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

  private static BrokerIdentity handshake(
      AmqpConnectionSettings settings, Socket socket, String vhost) throws IOException {
    Transport transport = Proton.transport();
    Connection connection = Proton.connection();
    connection.setContainer("loadlab-probe");
    connection.setHostname(vhost);
    transport.bind(connection);
    Sasl sasl = transport.sasl();
    sasl.client();
    if (settings.user() != null && settings.password() != null) {
      sasl.setMechanisms("PLAIN");
      byte[] response =
          ("\0" + settings.user() + "\0" + settings.password()).getBytes(StandardCharsets.UTF_8);
      sasl.send(response, 0, response.length);
    } else {
      sasl.setMechanisms("ANONYMOUS");
    }
    connection.open();
    OutputStream out = socket.getOutputStream();
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[8192];
    long deadline = System.nanoTime() + TIMEOUT_MS * 1_000_000L;
    while (System.nanoTime() < deadline) {
      flush(transport, out);
      if (connection.getRemoteState() != EndpointState.UNINITIALIZED) {
        return of(connection.getRemoteProperties());
      }
      int n = in.read(buffer);
      if (n < 0) {
        return UNKNOWN;
      }
      int offset = 0;
      while (offset < n) {
        int capacity = transport.capacity();
        if (capacity <= 0) {
          return UNKNOWN;
        }
        int chunk = Math.min(capacity, n - offset);
        transport.tail().put(buffer, offset, chunk);
        transport.process();
        offset += chunk;
      }
    }
    return UNKNOWN;
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

  private static BrokerIdentity of(Map<Symbol, Object> remote) {
    if (remote == null) {
      return UNKNOWN;
    }
    Map<String, String> all = new LinkedHashMap<>();
    remote.forEach((k, v) -> all.put(String.valueOf(k), String.valueOf(v)));
    return new BrokerIdentity(
        all.getOrDefault("product", ""), all.getOrDefault("version", ""), Map.copyOf(all));
  }
}
