package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every messaging example after a lab report acknowledges as the report's tools did by default
 * (examples/README.md, "What differs from qpid-perftest and qpid-latency-test"): an {@code amqp
 * throughput} step's subscribers unconfirmed and its publishers confirmed, as qpid-perftest's
 * {@code --sub-ack 0} and {@code --pub-confirm} (Qpid JMS's {@code
 * jms.presettlePolicy.presettleConsumers=true} on every broker URI, never {@code --presettled},
 * which presettles the publishers too); an {@code amqp latency} step accepting every 50 messages,
 * as qpid-latency-test's {@code --ack 0} with {@code --prefetch 100}.
 */
@Timeout(60)
class AmqpExampleAckModeTest {
  static final String PRESETTLE_CONSUMERS = "jms.presettlePolicy.presettleConsumers=true";

  /** Examples with messaging steps that follow no report, so no tool to match. */
  static final Set<String> NOT_AFTER_A_REPORT = Set.of("guest-lab", "jmeter-plan");

  @Test
  void everyMessagingStepAcknowledgesAsTheReportsToolDid() throws Exception {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(NetReportTables.EXAMPLES)) {
      files =
          walk.filter(p -> p.getFileName().toString().matches("(campaign|rehearsal).*\\.yaml"))
              .filter(p -> !NOT_AFTER_A_REPORT.contains(p.getParent().getFileName().toString()))
              .sorted()
              .toList();
    }
    List<String> wrong = new ArrayList<>();
    int throughput = 0;
    int latency = 0;
    for (Path f : files) {
      String name = NetReportTables.EXAMPLES.relativize(f).toString();
      for (JsonNode step : new YAMLMapper().readTree(f.toFile()).path("steps")) {
        String run = step.path("run").asText();
        String where = name + " step " + step.path("name").asText();
        List<JsonNode> options = new ArrayList<>();
        if (step.path("clients").isEmpty()) {
          options.add(step.path("options"));
        } else {
          // Each client's options on top of the step's.
          for (JsonNode client : step.path("clients")) {
            com.fasterxml.jackson.databind.node.ObjectNode o = step.path("options").deepCopy();
            if (o == null || o.isMissingNode()) {
              o = new YAMLMapper().createObjectNode();
            }
            o.setAll((com.fasterxml.jackson.databind.node.ObjectNode) client.path("options"));
            options.add(o);
          }
        }
        for (JsonNode o : options) {
          if (run.equals("amqp throughput")) {
            throughput++;
            if (!o.path("broker").asText().contains(PRESETTLE_CONSUMERS)) {
              wrong.add(where + ": broker " + o.path("broker") + " lacks " + PRESETTLE_CONSUMERS);
            }
            if (o.has("presettled") || o.has("sub-ack") || o.has("sub-tx") || o.has("tx")) {
              wrong.add(where + ": sets its own acknowledgement: " + o);
            }
          } else if (run.equals("amqp latency")) {
            latency++;
            if (!o.path("ack").asText().equals("50") || o.has("presettled")) {
              wrong.add(where + ": ack " + o.path("ack") + ", where qpid-latency-test's is 50");
            }
          }
        }
      }
    }
    assertEquals(List.of(), wrong, "acknowledge as qpid-perftest and qpid-latency-test");
    assertTrue(
        throughput >= 4 && latency >= 4, throughput + " throughput, " + latency + " latency");
    String readme = Files.readString(NetReportTables.EXAMPLES.resolve("README.md"));
    assertTrue(
        readme.contains("## What differs from qpid-perftest and qpid-latency-test")
            && readme.contains(PRESETTLE_CONSUMERS)
            && readme.contains("`ack: 50`"),
        "examples/README.md says which acknowledgement the examples set");
  }
}
