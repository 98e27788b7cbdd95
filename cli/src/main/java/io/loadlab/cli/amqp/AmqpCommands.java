package io.loadlab.cli.amqp;

import io.loadlab.cli.Command;
import java.util.List;

/** The AMQP commands: {@code amqp throughput}, {@code amqp latency} and {@code broker}. */
public final class AmqpCommands {
  private AmqpCommands() {}

  public static List<Command> all() {
    return List.of(new ThroughputCommand(), new LatencyCommand(), new BrokerCommand());
  }
}
