package io.loadlab.cli.amqp;

import io.loadlab.cli.Command;
import java.util.List;

/**
 * The messaging commands of the command line's own: {@code broker}. {@code amqp throughput} and
 * {@code amqp latency} are served through their workload's runners ({@code RunnerCommand}).
 */
public final class AmqpCommands {
  private AmqpCommands() {}

  public static List<Command> all() {
    return List.of(new BrokerCommand());
  }
}
