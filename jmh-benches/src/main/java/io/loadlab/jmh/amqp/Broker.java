package io.loadlab.jmh.amqp;

import io.loadlab.core.amqp.AmqpConnectionSettings;
import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.jmh.Targets;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The broker of a trial: the one named by {@code -Dloadlab.broker}, or an embedded non-persistent
 * Artemis on a free loopback port, started once per trial and shared by every benchmark thread.
 */
@State(Scope.Benchmark)
public class Broker {
  private EmbeddedBroker embedded;
  AmqpConnectionSettings settings;

  /** Starts the embedded broker, or reads the target's settings. */
  @Setup(Level.Trial)
  public void start() {
    String uri = Targets.get(Targets.BROKER);
    if (uri == null) {
      embedded = EmbeddedBroker.startLocal();
      uri = embedded.amqpUri();
    }
    settings =
        AmqpConnectionSettings.builder(uri)
            .names(
                new AmqpConnectionSettings.Names(
                    "-D" + Targets.BROKER,
                    "-D" + Targets.BROKER_USER,
                    "the environment variable " + AmqpConnectionSettings.PASSWORD_ENV))
            .user(Targets.get(Targets.BROKER_USER))
            .passwordFrom(null)
            .build();
    Targets.note("AMQP broker " + settings.describe() + (embedded != null ? " (embedded)" : ""));
  }

  /** Stops the embedded broker. */
  @TearDown(Level.Trial)
  public void stop() {
    if (embedded != null) {
      embedded.close();
      embedded = null;
    }
  }
}
