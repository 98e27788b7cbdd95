package io.loadlab.provision.guestboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The host key comes from the console; a failed or silent guest is reported with its tail. */
@Timeout(30)
class ConsoleLogTest {
  @TempDir Path dir;

  @Test
  void readsTheHostKeyAndReplacesAnOlderKeyOfTheAddress() throws Exception {
    Path log = dir.resolve("console.log");
    Files.writeString(
        log, "[    0.0] booting\nloadlab-host-key: ssh-ed25519 AAAAnew root@vm\nready\n");
    String key = new ConsoleLog(log).awaitHostKey("g", Duration.ofSeconds(5));
    assertEquals("ssh-ed25519 AAAAnew", key);
    Path kh = dir.resolve("known_hosts");
    Files.writeString(kh, "10.0.0.9 ssh-ed25519 AAAAold\nother ssh-ed25519 AAAAkeep\n");
    HostRootGuests.replace(kh, "10.0.0.9", 22, key);
    assertEquals(
        List.of("other ssh-ed25519 AAAAkeep", "10.0.0.9 ssh-ed25519 AAAAnew"),
        Files.readAllLines(kh));
  }

  @Test
  void aGuestThatFailsSaysWhyWithItsConsoleTail() throws Exception {
    Path log = dir.resolve("console.log");
    Files.writeString(log, "a\nloadlab-init: cannot mount the host's root filesystem\n");
    GuestBootException e =
        assertThrows(
            GuestBootException.class,
            () -> new ConsoleLog(log).awaitHostKey("g1", Duration.ofSeconds(5)));
    assertTrue(
        e.getMessage().startsWith("g1 failed to boot: loadlab-init: cannot mount"), e.getMessage());
    assertTrue(e.getMessage().contains("ends: a | loadlab-init"), e.getMessage());
  }

  @Test
  void aSilentGuestTimesOut() {
    Path log = dir.resolve("none.log");
    GuestBootException e =
        assertThrows(
            GuestBootException.class,
            () -> new ConsoleLog(log).awaitHostKey("g2", Duration.ofMillis(300)));
    assertTrue(e.getMessage().contains("printed no SSH host key"), e.getMessage());
    assertTrue(e.getMessage().contains("(console empty)"), e.getMessage());
  }
}
