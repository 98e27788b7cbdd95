package io.loadlab.core.workload;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserLimitsTest {
  @TempDir Path proc;

  private UserLimits limits(long files, long processes, String ports) throws IOException {
    Files.createDirectories(proc.resolve("self/fd"));
    for (int i = 0; i < 10; i++) {
      Files.createFile(proc.resolve("self/fd/" + i));
    }
    Files.writeString(
        proc.resolve("self/limits"),
        "Limit                     Soft Limit           Hard Limit           Units     \n"
            + "Max processes             "
            + processes
            + "                "
            + processes
            + "                processes \n"
            + "Max open files            "
            + files
            + "                40000                files     \n");
    Files.createDirectories(proc.resolve("sys/net/ipv4"));
    Files.writeString(proc.resolve("sys/net/ipv4/ip_local_port_range"), ports + "\n");
    return new UserLimits(proc);
  }

  @Test
  void aCountWithinTheLimitsPasses() throws IOException {
    UserLimits l = limits(20_000, 96_000, "32768\t60999");
    assertDoesNotThrow(() -> l.check(9_000, 2, true));
    assertDoesNotThrow(() -> l.check(10_000, 1, true));
  }

  @Test
  void tooFewDescriptorsAreNamedWithHowToRaiseThem() throws IOException {
    UserLimits l = limits(20_000, 96_000, "32768 60999");
    UsageException e = assertThrows(UsageException.class, () -> l.check(10_000, 2, true));
    assertTrue(e.getMessage().startsWith("--users 10000: needs about 20,074 file descriptors"));
    assertTrue(e.getMessage().contains("ulimit -n 40000"), e.getMessage());
    assertTrue(e.getMessage().contains("net serve"), e.getMessage());
  }

  @Test
  void tooFewEphemeralPortsAreNamed() throws IOException {
    UserLimits l = limits(100_000, 96_000, "60000 60999");
    UsageException e = assertThrows(UsageException.class, () -> l.check(5_000, 1, true));
    assertTrue(e.getMessage().contains("ip_local_port_range 60000 60999"), e.getMessage());
    assertDoesNotThrow(() -> l.check(5_000, 1, false), "UDP takes no ephemeral port per user");
  }

  @Test
  void tooFewThreadsAreNamed() throws IOException {
    UserLimits l = limits(100_000, 2_000, "32768 60999");
    UsageException e = assertThrows(UsageException.class, () -> l.check(5_000, 1, true));
    assertTrue(e.getMessage().contains("ulimit -u"), e.getMessage());
  }

  @Test
  void limitsNotToldAreNotChecked() {
    UserLimits l = new UserLimits(proc.resolve("missing"));
    assertDoesNotThrow(() -> l.check(10_000, 2, true));
  }
}
