package io.loadlab.core.net.descriptor;

import io.loadlab.core.net.NetDriver;
import io.loadlab.core.net.NetRunner;
import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.workload.Server;
import io.loadlab.core.workload.Workload;
import io.loadlab.core.workload.WorkloadCommand;
import java.util.List;
import java.util.Map;

/** The {@code net} workload: {@code net serve}, the responder, and its clients rr, crr, stream. */
public final class NetWorkloadDescriptor implements Workload {
  /**
   * {@code net serve}'s start until it listens and lab hosts connect: 0.44-0.68 s on a quiet 2-core
   * machine (the SPARC rehearsal's four labs; docs/campaigns.md).
   */
  static final double SERVE_SECONDS = 0.75;

  @Override
  public String name() {
    return "net";
  }

  @Override
  public List<WorkloadCommand> commands() {
    return List.of(
        WorkloadCommand.of(
                "net serve",
                "answer net rr/crr/stream clients over TCP and UDP (like netserver) until Ctrl-C",
                NetOptionTables.SERVE)
            .serving(Server.listening(SERVE_SECONDS)),
        load(NetWorkload.RR, "request/response transactions on persistent connections"),
        load(NetWorkload.CRR, "connect, request, response, disconnect per transaction"),
        load(NetWorkload.STREAM, "bulk data one way (a stream read like STRG, or a stream send)"));
  }

  private static WorkloadCommand load(NetWorkload workload, String summary) {
    return WorkloadCommand.of("net " + workload.id(), summary, NetOptionTables.load(workload))
        .runningLoad(NetDriver.FIGURES)
        .running(new NetRunner(workload));
  }

  @Override
  public Map<String, OptionTable> docsSections() {
    return NetOptionTables.docsSections();
  }

  @Override
  public Map<String, String> figureLabels() {
    return Map.of("netperfLatencyUs", "netperf latency (users ÷ rate, µs)");
  }
}
