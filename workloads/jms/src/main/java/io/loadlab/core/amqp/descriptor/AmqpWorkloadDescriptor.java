package io.loadlab.core.amqp.descriptor;

import io.loadlab.core.amqp.LatencyDriver;
import io.loadlab.core.amqp.ThroughputFigures;
import io.loadlab.core.amqp.runner.LatencyRunner;
import io.loadlab.core.amqp.runner.ThroughputRunner;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.JvmHints;
import io.loadlab.core.workload.Operations;
import io.loadlab.core.workload.Server;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import java.util.List;
import java.util.Map;

/**
 * The messaging workload: {@code amqp throughput} and {@code amqp latency} through a broker (any
 * JMS provider's, hence the alias {@code jms}), and {@code broker}, the embedded Artemis.
 */
public final class AmqpWorkloadDescriptor implements Workload {
  /**
   * {@code broker}'s start until it listens and lab hosts connect: 1.1-1.7 s each on a quiet 2-core
   * machine (one in the MRG rehearsal, four in a row in the RHEL 6 KVM messaging rehearsals;
   * docs/campaigns.md).
   */
  static final double BROKER_SECONDS = 1.5;

  /** The JVM of an {@code amqp} run starts from the launcher's ahead-of-time cache. */
  private static final JvmHints AOT = new JvmHints(false, true);

  @Override
  public String name() {
    return "amqp";
  }

  @Override
  public List<String> aliases() {
    return List.of("jms");
  }

  @Override
  public List<WorkloadCommand> commands() {
    return List.of(
        WorkloadCommand.of(
                "amqp throughput",
                "JMS throughput through a broker (any --provider), after qpid-perftest; also named"
                    + " jms throughput",
                AmqpOptionTables.THROUGHPUT)
            .runningLoad(ThroughputFigures.NAMES)
            // publish: the side the rate is set on
            .recording(Operations.of("publish", List.of("publish", "deliver")))
            .hinting(AOT)
            .running(new ThroughputRunner()),
        WorkloadCommand.of(
                "amqp latency",
                "JMS latency through a broker (any --provider), after qpid-latency-test; also named"
                    + " jms latency",
                AmqpOptionTables.LATENCY)
            .runningLoad(LatencyDriver.FIGURES)
            // latency: coordinated-omission corrected, its only operation without a rate;
            // send-delay only explains it
            .recording(
                Operations.of("latency", List.of("latency", "transit", "send-delay"), "send-delay"))
            .hinting(AOT)
            .running(new LatencyRunner()),
        WorkloadCommand.of(
                "broker",
                "run the embedded ActiveMQ Artemis broker (AMQP 1.0 and Core) until Ctrl-C",
                AmqpOptionTables.BROKER)
            .serving(Server.listening(BROKER_SECONDS)));
  }

  @Override
  public Map<String, OptionTable> docsSections() {
    return AmqpOptionTables.docsSections();
  }

  @Override
  public Map<String, String> figureLabels() {
    return Map.ofEntries(
        Map.entry("transfersPerSec", "messages/s (transfers)"),
        Map.entry("publishRate", "publish rate (msg/s)"),
        Map.entry("subscribeRate", "subscribe rate (msg/s)"),
        Map.entry("outOfOrder", "messages out of order"),
        Map.entry("inFlight", "messages in flight when stopped"),
        Map.entry("queuesDeleted", "queues deleted"));
  }
}
