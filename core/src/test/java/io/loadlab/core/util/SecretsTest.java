package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretsTest {
  @Test
  void masksUserInfoQueryParametersAndOptions() {
    String masked =
        Secrets.mask(
            "loadlab amqp latency --broker amqp://bob:hunter2@h:5672?jms.password=s3cret&x=1"
                + " --password hunter3 --db-password=pw");
    assertFalse(masked.contains("hunter2"), masked);
    assertFalse(masked.contains("s3cret"), masked);
    assertFalse(masked.contains("hunter3"), masked);
    assertFalse(masked.contains("=pw"), masked);
    assertEquals(
        "amqp://bob:****@h:5672?jms.password=****&x=1",
        Secrets.mask("amqp://bob:hunter2@h:5672?jms.password=s3cret&x=1"));
  }

  @Test
  void leavesPasswordFileOptionsAlone() {
    assertEquals("--password-file /run/secret", Secrets.mask("--password-file /run/secret"));
  }

  @Test
  void readsFirstLineOfFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("pw");
    Files.writeString(f, "  topsecret \nsecond\n");
    assertEquals("topsecret", Secrets.read("--password-file", f, null));
    assertThrows(
        UsageException.class, () -> Secrets.read("--password-file", dir.resolve("missing"), null));
  }
}
