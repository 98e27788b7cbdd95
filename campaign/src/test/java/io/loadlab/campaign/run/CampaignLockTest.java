package io.loadlab.campaign.run;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
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

  @Test
  void anotherDirectoryIsFree() throws Exception {
    try (CampaignLock a = CampaignLock.take(dir.resolve("a"));
        CampaignLock b = CampaignLock.take(dir.resolve("b"))) {
      assertTrue(Files.exists(dir.resolve("b").resolve(CampaignLock.FILE)));
    }
  }
}
