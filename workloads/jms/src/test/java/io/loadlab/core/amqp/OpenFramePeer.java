package io.loadlab.core.amqp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Sasl;
import org.apache.qpid.proton.engine.SaslListener;
import org.apache.qpid.proton.engine.Transport;

/**
 * The server side of an AMQP 1.0 connection up to its open frame, for brokers that cannot run here
 * (Qpid Dispatch Router, RabbitMQ 4): it offers the SASL mechanisms given (PLAIN checked against
 * one user, ANONYMOUS let in), answers with an open frame carrying the given properties, and notes
 * each client's mechanism. Each connection is served on its own daemon thread; proton-j on both
 * ends.
 */
final class OpenFramePeer implements AutoCloseable {
  private final ServerSocket server;
  private final String[] mechanisms;
  private final Map<Symbol, Object> properties;
  private final String user;
  private final String password;
  private final List<String> chosen = new CopyOnWriteArrayList<>();

  /**
   * @param mechanisms what it offers, e.g. {@code PLAIN}, {@code ANONYMOUS}
   * @param properties its open frame's properties, e.g. product and version
   */
  OpenFramePeer(List<String> mechanisms, Map<String, String> properties, String user, String pw)
      throws IOException {
    this.server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
    this.mechanisms = mechanisms.toArray(String[]::new);
    this.properties = new java.util.HashMap<>();
    properties.forEach((k, v) -> this.properties.put(Symbol.valueOf(k), v));
    this.user = user;
    this.password = pw;
    Thread accept = new Thread(this::acceptAll, "open-frame-peer");
    accept.setDaemon(true);
    accept.start();
  }

  /** Its URI. */
  String uri() {
    return "amqp://127.0.0.1:" + server.getLocalPort();
  }

  /** The mechanism each client logged in with so far, and {@code REFUSED} for a failed login. */
  List<String> chosen() {
    return List.copyOf(chosen);
  }

  private void acceptAll() {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        Thread t = new Thread(() -> serve(s), "open-frame-peer-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      Transport transport = Proton.transport();
      Connection connection = Proton.connection();
      connection.setContainer("open-frame-peer");
      connection.setProperties(properties);
      transport.bind(connection);
      Sasl sasl = transport.sasl();
      sasl.server();
      sasl.setMechanisms(mechanisms);
      sasl.setListener(new Login());
      connection.open();
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      byte[] buffer = new byte[4096];
      while (true) {
        int pending;
        while ((pending = transport.pending()) > 0) {
          ByteBuffer head = transport.head();
          byte[] bytes = new byte[pending];
          head.get(bytes);
          out.write(bytes);
          transport.pop(pending);
        }
        out.flush();
        if (sasl.getOutcome() == Sasl.SaslOutcome.PN_SASL_AUTH) {
          return; // as a broker hangs up on a refused login
        }
        int n = in.read(buffer);
        if (n < 0) {
          return;
        }
        for (int offset = 0; offset < n; ) {
          int chunk = Math.min(transport.capacity(), n - offset);
          if (chunk <= 0) {
            return;
          }
          transport.tail().put(buffer, offset, chunk);
          transport.process();
          offset += chunk;
        }
      }
    } catch (IOException | RuntimeException e) {
      // the client hung up
    }
  }

  /** Checks a client's SASL init: PLAIN against the one user, ANONYMOUS let in. */
  private final class Login implements SaslListener {
    @Override
    public void onSaslInit(Sasl sasl, Transport transport) {
      String mechanism = sasl.getRemoteMechanisms()[0];
      byte[] response = new byte[sasl.pending()];
      sasl.recv(response, 0, response.length);
      boolean ok =
          mechanism.equals("ANONYMOUS")
              || mechanism.equals("PLAIN")
                  && new String(response, StandardCharsets.UTF_8)
                      .equals("\0" + user + "\0" + password);
      chosen.add(ok ? mechanism : "REFUSED");
      sasl.done(ok ? Sasl.SaslOutcome.PN_SASL_OK : Sasl.SaslOutcome.PN_SASL_AUTH);
    }

    @Override
    public void onSaslResponse(Sasl sasl, Transport transport) {}

    @Override
    public void onSaslMechanisms(Sasl sasl, Transport transport) {}

    @Override
    public void onSaslChallenge(Sasl sasl, Transport transport) {}

    @Override
    public void onSaslOutcome(Sasl sasl, Transport transport) {}
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
