package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

  @Test
  void onlyASmallRegularFileIsRead(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(), "mkfifo");
    Path big = Files.write(dir.resolve("big"), new byte[Secrets.MAX_FILE_BYTES + 1]);
    String[][] cases = {
      {fifo.toString(), "names a pipe, socket or device, not a regular file"},
      {"/dev/zero", "names a pipe, socket or device, not a regular file"},
      {dir.toString(), "names a directory, not a regular file"},
      {big.toString(), "the file it names has 4097 bytes, more than a secret file may (4096)"}
    };
    for (String[] c : cases) {
      long t0 = System.nanoTime();
      UsageException e =
          assertThrows(
              UsageException.class, () -> Secrets.read("--password-file", Path.of(c[0]), null));
      assertTrue(e.getMessage().startsWith("--password-file: " + c[1]), e.getMessage());
      assertFalse(e.getMessage().contains(c[0]), "never the path: " + e.getMessage());
      assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "at once: " + c[0]);
    }
    Path exact = Files.writeString(dir.resolve("ok"), "s3cret\n" + "x".repeat(100));
    assertEquals("s3cret", Secrets.read("--password-file", exact, null));
  }
}
