package io.loadlab.jmeter.amqp;

import static io.loadlab.jmeter.EngineHarness.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.broker.EmbeddedBrokerExtension;
import io.loadlab.jmeter.EngineHarness;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AMQP Connection element's JMS provider: publishing through Artemis's Core client and
 * consuming the same messages through JNDI (Artemis's JNDI factory, its jar taken from a
 * directory), against the embedded broker.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpSamplersProviderTest {
  @RegisterExtension static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.local();

  @TempDir Path dir;

  @Test
  void publishThroughArtemisCoreAndConsumeThroughJndi() throws Exception {
    String core = BROKER.amqpUri().replace("amqp://", "tcp://");
    AmqpConnectionConfig artemis = AmqpTestElements.connection(core, false);
    with(artemis, "provider", "artemis");
    AmqpPublishSampler p =
        AmqpTestElements.sampler(new AmqpPublishSampler(), "publish", "queue://jm.providers");
    with(p, "messageSize", 64);
    with(p, "body", "hello");
    with(p, "persistent", true);
    with(p, "messageProperties", "");
    List<SampleResult> published =
        EngineHarness.run(
            Map.of(),
            EngineHarness.threadGroup(2, 20),
            List.of(artemis),
            List.of(p),
            Duration.ofSeconds(60));
    assertEquals(40, published.size());
    for (SampleResult s : published) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
    }
    assertEquals(40, BROKER.get().messageCount("jm.providers"));

    Path jars = Files.createDirectories(dir.resolve("jars"));
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.contains("artemis-jakarta-client")) {
        Files.copy(Path.of(entry), jars.resolve(Path.of(entry).getFileName()));
      }
    }
    Path jndi =
        Files.writeString(
            dir.resolve("jndi.properties"),
            "java.naming.factory.initial="
                + "org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory\n"
                + "connectionFactory.ConnectionFactory="
                + core
                + "\n");
    AmqpConnectionConfig viaJndi = AmqpTestElements.connection(BROKER.amqpUri(), true);
    with(viaJndi, "provider", "jndi");
    with(viaJndi, "jndiFile", jndi.toString());
    with(viaJndi, "providerJars", jars.toString());
    AmqpConsumeSampler consume =
        AmqpTestElements.sampler(new AmqpConsumeSampler(), "consume", "queue://jm.providers");
    with(consume, "timeoutMs", 5000);
    with(consume, "onTimeout", "fail");
    with(consume, "acknowledgement", "auto");
    List<SampleResult> consumed =
        EngineHarness.run(
            EngineHarness.threadGroup(2, 20),
            List.of(viaJndi),
            List.<TestElement>of(consume),
            Duration.ofSeconds(60));
    assertEquals(40, consumed.size());
    for (SampleResult s : consumed) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      assertEquals("hello", s.getResponseDataAsString());
    }
    assertEquals(0, BROKER.get().messageCount("jm.providers"));
  }
}
