package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lock of a campaign directory in one JVM: held, a second taker is refused naming the holder;
 * released, the directory may be taken again. Across processes and SIGKILL: {@code
 * io.loadlab.e2e.CampaignLockTest}.
 */
@Timeout(20)
class CampaignLockTest {
  @TempDir Path dir;

  @Test
  void aSecondTakerIsRefusedNamingTheHolderUntilItIsReleased() throws Exception {
    Path campaign = dir.resolve("out");
    CampaignLock first = CampaignLock.take(campaign);
    String me = "pid " + ProcessHandle.current().pid() + " on ";
    assertTrue(
        Files.readString(campaign.resolve(CampaignLock.FILE)).startsWith(me),
        "the lock file names its holder");
    UsageException refused = assertThrows(UsageException.class, () -> CampaignLock.take(campaign));
    assertTrue(
        refused.getMessage().contains("another 'loadlab campaign run'"), refused.getMessage());
    assertTrue(refused.getMessage().contains(me), refused.getMessage());
    assertTrue(refused.getMessage().contains("--output"), "says the way out: " + refused);
    first.close();
    try (CampaignLock again = CampaignLock.take(campaign)) {
      assertTrue(Files.exists(campaign.resolve(CampaignLock.FILE)));
    }
  }

  /**
   * A refusal inside the holder's JVM must not close a descriptor of the lock file: that drops the
   * holder's POSIX lock, and a campaign in another process would then take the directory and write
   * its pid into the lock file.
   */
  @Test
  @Timeout(120)
  void aRefusalInTheHoldersJvmLeavesItsLockHeldForOtherProcesses() throws Exception {
    Path campaign = dir.resolve("out");
    try (CampaignLock held = CampaignLock.take(campaign)) {
      // Not read here before the other process tries: reading it would close a descriptor too.
      Path lockFile = campaign.resolve(CampaignLock.FILE);
      assertThrows(UsageException.class, () -> CampaignLock.take(campaign));
      assertThrows(UsageException.class, () -> CampaignLock.take(dir.resolve("./out")));

      Path file = dir.resolve("campaign.yaml");
      Files.writeString(
          file,
          """
          name: held
          steps:
            - {name: rr, run: net rr, options: {duration: 1s, interval: 500ms}}
          """);
      Path log = dir.resolve("other.log");
      Process other =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Xmx256m",
                  "-cp",
                  System.getProperty("java.class.path"),
                  "io.loadlab.cli.Main",
                  "campaign",
                  "run",
                  file.toString(),
                  "--output",
                  campaign.toString())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      try {
        assertTrue(other.waitFor(90, TimeUnit.SECONDS), "the other process ended");
      } finally {
        other.destroyForcibly();
      }
      assertEquals(2, other.exitValue(), "another process is refused: " + Files.readString(log));
      String me = "pid " + ProcessHandle.current().pid() + " on ";
      assertTrue(Files.readString(lockFile).startsWith(me), "the lock file still names its holder");
      assertFalse(Files.exists(campaign.resolve("campaign.json")), "nothing ran there");
    }
  }

  @Test
  void anotherDirectoryIsFree() throws Exception {
    try (CampaignLock a = CampaignLock.take(dir.resolve("a"));
        CampaignLock b = CampaignLock.take(dir.resolve("b"))) {
      assertTrue(Files.exists(dir.resolve("b").resolve(CampaignLock.FILE)));
    }
  }
}
