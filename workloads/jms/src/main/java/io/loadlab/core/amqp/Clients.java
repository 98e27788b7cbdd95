package io.loadlab.core.amqp;

import io.loadlab.core.run.RunRecording;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The clients of one iteration: each on its own connection (as qpid-perftest by default), or all on
 * one shared connection ({@code --single-connection}). Closing closes them all.
 */
final class Clients implements AutoCloseable {
  private final AmqpConnectionSettings settings;
  private final boolean single;
  private final List<AmqpConnection> connections = new ArrayList<>();
  private final List<AmqpClient> clients = new ArrayList<>();

  Clients(ThroughputSettings s) {
    this(s.connection(), s.singleConnection());
  }

  Clients(AmqpConnectionSettings settings, boolean single) {
    this.settings = settings;
    this.single = single;
  }

  /** Opens a client (and, unless shared, its connection). */
  AmqpClient open(Acknowledgement ack) {
    return open(settings, ack);
  }

  /**
   * Opens a consuming client: through the consumer side's settings where they differ from the
   * publishers' (a mixed-protocol run, never on a shared connection), else as {@link #open}.
   */
  AmqpClient openConsumer(Acknowledgement ack) {
    return open(settings.consumer(), ack);
  }

  private AmqpClient open(AmqpConnectionSettings side, Acknowledgement ack) {
    AmqpConnection c;
    if (single && !connections.isEmpty()) {
      c = connections.get(0);
    } else {
      c = AmqpConnection.open(side);
      connections.add(c);
    }
    AmqpClient client = c.newClient(ack);
    clients.add(client);
    return client;
  }

  /** Outages seen by any connection, merged where they overlap. */
  List<AmqpConnection.Outage> outages() {
    List<AmqpConnection.Outage> all = new ArrayList<>();
    for (AmqpConnection c : connections) {
      all.addAll(c.outages());
    }
    all.sort(java.util.Comparator.comparingLong(AmqpConnection.Outage::startEpochMs));
    List<AmqpConnection.Outage> merged = new ArrayList<>();
    for (AmqpConnection.Outage o : all) {
      if (!merged.isEmpty()) {
        AmqpConnection.Outage last = merged.get(merged.size() - 1);
        long lastEnd = last.endEpochMs() < 0 ? Long.MAX_VALUE : last.endEpochMs();
        if (o.startEpochMs() <= lastEnd) {
          long end =
              last.endEpochMs() < 0 || o.endEpochMs() < 0
                  ? -1
                  : Math.max(last.endEpochMs(), o.endEpochMs());
          merged.set(merged.size() - 1, new AmqpConnection.Outage(last.startEpochMs(), end));
          continue;
        }
      }
      merged.add(o);
    }
    return merged;
  }

  /** Reports each outage as a problem of kind {@code outage}, with its window. */
  void reportOutages(RunRecording recording) {
    for (AmqpConnection.Outage o : outages()) {
      recording.problem(
          "outage",
          1,
          "broker connection down from "
              + Instant.ofEpochMilli(o.startEpochMs())
              + (o.endEpochMs() < 0
                  ? " until the end of the run"
                  : " to " + Instant.ofEpochMilli(o.endEpochMs()))
              + " ("
              + o.millis()
              + " ms)");
    }
  }

  @Override
  public void close() {
    for (AmqpClient c : clients) {
      c.close();
    }
    for (AmqpConnection c : connections) {
      c.close();
    }
  }
}
