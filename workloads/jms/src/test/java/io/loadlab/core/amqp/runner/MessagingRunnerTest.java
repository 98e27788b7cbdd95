package io.loadlab.core.amqp.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.workload.PreparedRun;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.Workloads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The messaging runners as the registry gives them: options checked with nothing started, the
 * interval {@code --report-frequency} sets, the broker opened (the embedded one) only by prepare,
 * and the configuration recorded before and after.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MessagingRunnerTest {
  @SuppressWarnings("unchecked")
  private static WorkloadRunner<Object> runner(String words) {
    return (WorkloadRunner<Object>) Workloads.installed().command(words).runner();
  }

  private static Object settings(String words, String options) {
    return runner(words)
        .settings(OptionValues.parse(Workloads.installed().optionsOf(words), options));
  }

  @Test
  void checkedSettingsRecordTheCommandsOwnAndNoBroker() {
    @SuppressWarnings("unchecked")
    Map<String, Object> recorded =
        (Map<String, Object>)
            runner("amqp latency")
                .recorded(settings("amqp latency", "--size 64 --rate 100 --tests 2"));
    assertEquals("sizes", recorded.keySet().iterator().next(), recorded.toString());
    assertEquals(List.of(64), recorded.get("sizes"));
    assertEquals(100.0, recorded.get("rate"));
    assertEquals(2, recorded.get("tests"));
    assertNull(recorded.get("broker"), "no broker before prepare");
    assertTrue(((String) recorded.get("baseName")).startsWith("loadlab-latency-"), "" + recorded);
  }

  @Test
  void reportFrequencyIsTheIntervalAndCheckedAsToday() {
    assertEquals(
        Duration.ofMillis(250),
        runner("amqp latency").defaultInterval(settings("amqp latency", "--report-frequency 250")));
    assertEquals(
        Duration.ofSeconds(1),
        runner("amqp throughput").defaultInterval(settings("amqp throughput", "")));
    UsageException both =
        assertThrows(
            UsageException.class,
            () -> settings("amqp latency", "--report-frequency 250 --interval 1s"));
    assertEquals(
        "--report-frequency: is another name for --interval; give only one", both.getMessage());
    UsageException shortOne =
        assertThrows(UsageException.class, () -> settings("amqp latency", "--report-frequency 50"));
    assertEquals(
        "--report-frequency: 50ms is too short; use 100 (ms) or more", shortOne.getMessage());
  }

  @Test
  void aProviderTheEmbeddedBrokerCannotServeIsRefusedAtPrepare() {
    Object s = settings("amqp throughput", "--provider activemq");
    List<String> warnings = new ArrayList<>();
    UsageException e =
        assertThrows(
            UsageException.class, () -> runner("amqp throughput").prepare(s, warnings::add));
    assertTrue(
        e.getMessage().startsWith("--provider: provider activemq (OpenWire) needs a broker"),
        e.getMessage());
    assertTrue(warnings.isEmpty(), warnings.toString());
  }

  @Test
  void prepareStartsTheEmbeddedBrokerAndRecordsIt() throws Exception {
    WorkloadRunner<Object> runner = runner("amqp throughput");
    Object s = settings("amqp throughput", "--count 10 --base-name loadlab-runner-test");
    @SuppressWarnings("unchecked")
    Map<String, Object> checked = (Map<String, Object>) runner.recorded(s);
    try (PreparedRun prepared = runner.prepare(s, line -> {})) {
      @SuppressWarnings("unchecked")
      Map<String, Object> recorded = (Map<String, Object>) prepared.recorded();
      assertEquals(
          List.of("broker", "provider", "providerClient", "providerProtocol"),
          recorded.keySet().stream().limit(4).toList());
      assertTrue(
          ((String) recorded.get("broker")).startsWith("embedded Artemis at amqp://127.0.0.1:"),
          recorded.toString());
      assertEquals("open frame", recorded.get("brokerProfileFrom"));
      assertEquals(1000, recorded.get("prefetch"), "the command's default link credit");
      assertEquals("loadlab-runner-test", recorded.get("baseName"));
      assertEquals(
          checked.keySet().stream().toList(),
          recorded.keySet().stream().filter(checked::containsKey).toList(),
          "the command's keys in the same order");
      assertFalse(recorded.toString().toLowerCase().contains("password"), recorded.toString());
    }
  }

  @Test
  void jmetersGenericSamplerIsNotOffered() {
    assertFalse(runner("amqp throughput").givesUsers());
    assertFalse(runner("amqp latency").givesUsers());
  }
}
