package io.loadlab.jmh.net;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.net.NetServer;
import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.jmh.Targets;
import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The responder of a trial: the {@code loadlab net serve} named by {@code -Dloadlab.net=host:port},
 * or a {@link NetServer} of this JVM on a free loopback port.
 */
@State(Scope.Benchmark)
public class Responder {
  private NetServer server;
  String host;
  int port;

  /** Starts the loopback responder, or reads the target's address. */
  @Setup(Level.Trial)
  public void start() throws IOException {
    String target = Targets.get(Targets.NET);
    if (target == null) {
      server = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS);
      host = "127.0.0.1";
      port = server.port();
      Targets.note("net responder on loopback port " + port + " (in this JVM)");
      return;
    }
    int colon = target.lastIndexOf(':');
    try {
      host = target.substring(0, colon).replace("[", "").replace("]", "");
      port = Integer.parseInt(target.substring(colon + 1));
    } catch (RuntimeException e) {
      throw new UsageException(
          "-D" + Targets.NET + ": '" + target + "' is not host:port; e.g. 10.0.0.2:12865");
    }
    Targets.note("net responder " + host + ":" + port);
  }

  /** Stops the loopback responder. */
  @TearDown(Level.Trial)
  public void stop() {
    if (server != null) {
      server.close();
      server = null;
    }
  }
}
