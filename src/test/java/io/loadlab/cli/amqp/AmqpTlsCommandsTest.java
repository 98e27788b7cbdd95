package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import io.loadlab.core.broker.EmbeddedBrokerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The AMQP commands and {@code loadlab broker} over TLS, with a self-signed certificate. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpTlsCommandsTest {
  @TempDir static Path keys;
  @TempDir Path dir;

  @RegisterExtension
  static final EmbeddedBrokerExtension BROKER = EmbeddedBrokerExtension.withTls();

  static Path trustPasswordFile;
  static Path keyPasswordFile;

  @BeforeAll
  static void writePasswordFiles() throws Exception {
    trustPasswordFile =
        Files.writeString(keys.resolve("trust-pw"), BROKER.tls().trustPassword() + "\n");
    keyPasswordFile =
        Files.writeString(keys.resolve("key-pw"), BROKER.tls().keyStorePassword() + "\n");
  }

  @Test
  void latencyRunsOverTlsAndNoPasswordIsRecorded() throws Exception {
    Path out = dir.resolve("out");
    CliRun r =
        CliRun.of(
            "amqp",
            "latency",
            "--broker",
            BROKER.amqpUri(),
            "--trust-store",
            BROKER.tls().trustStore().toString(),
            "--trust-store-password-file",
            trustPasswordFile.toString(),
            "--duration",
            "1s",
            "--rate",
            "100",
            "--rate-tolerance",
            "50%",
            "--output",
            out.toString());
    assertEquals(0, r.code(), r.err());
    String json = Files.readString(out.resolve("result.json"));
    assertTrue(json.contains("amqps://127.0.0.1:" + BROKER.get().port()), json);
    assertTrue(json.contains("\"status\" : \"ok\"") || json.contains("\"status\":\"ok\""), json);
    // auto: the probe asks over TLS with the same trust store.
    assertTrue(json.contains("\"brokerProfile\" : \"artemis\""), json);
    assertTrue(Files.exists(out.resolve("summary.md")));
    List<String> texts = new java.util.ArrayList<>(List.of(r.out(), r.err()));
    try (Stream<Path> files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        texts.add(Files.readString(f));
      }
    }
    for (String text : texts) {
      assertFalse(
          text.contains(BROKER.tls().trustPassword()), "trust store password leaked: " + text);
      assertFalse(
          text.contains(BROKER.tls().keyStorePassword()), "key store password leaked: " + text);
    }
  }

  @Test
  void withoutTheTrustStoreExitsWithThreeAndSaysTls() {
    CliRun r =
        CliRun.of(
            "amqp",
            "latency",
            "--broker",
            BROKER.amqpUri(),
            "--duration",
            "1s",
            "--output",
            dir.resolve("out").toString());
    assertEquals(3, r.code(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains("TLS handshake"), r.err());
    assertTrue(r.err().contains("--trust-store"), r.err());
  }

  @Test
  void wrongTrustStorePasswordExitsWithTwo() throws Exception {
    Path wrong = Files.writeString(dir.resolve("wrong"), "not-it\n");
    CliRun r =
        CliRun.of(
            "amqp",
            "throughput",
            "--broker",
            BROKER.amqpUri(),
            "--trust-store",
            BROKER.tls().trustStore().toString(),
            "--trust-store-password-file",
            wrong.toString(),
            "--duration",
            "1s",
            "--output",
            dir.resolve("out").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--trust-store: cannot open"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void brokerCommandServesAmqps() {
    CliRun r =
        CliRun.of(
            "broker",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--tls-keystore",
            BROKER.tls().keyStore().toString(),
            "--tls-keystore-password-file",
            keyPasswordFile.toString(),
            "--duration",
            "1s");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("over TLS"), r.out());
    assertTrue(r.out().contains("--broker amqps://127.0.0.1:"), r.out());
    assertFalse(r.out().contains(BROKER.tls().keyStorePassword()), r.out());
  }

  @Test
  void brokerCommandRejectsBadTlsOptions() throws Exception {
    Path wrong = Files.writeString(dir.resolve("wrong"), "not-it\n");
    String[][] cases = {
      {
        "broker",
        "--port",
        "0",
        "--tls-keystore",
        "/nonexistent/ks.p12",
        "--tls-keystore-password-file",
        keyPasswordFile.toString()
      },
      {
        "broker",
        "--port",
        "0",
        "--tls-keystore",
        BROKER.tls().keyStore().toString(),
        "--tls-keystore-password-file",
        wrong.toString()
      },
      {"broker", "--port", "0", "--tls-keystore-password-file", keyPasswordFile.toString()},
    };
    for (String[] args : cases) {
      CliRun r = CliRun.of(args);
      assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
      assertTrue(r.err().contains(": --tls-keystore"), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
    }
  }
}
