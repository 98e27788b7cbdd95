package io.loadlab.core.ds2.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class Ds2UserThreadsTest {
  private static final int JAVA = Runtime.version().feature();

  @Test
  void parsesTheThreeKindsInAnyCase() {
    assertEquals(Ds2UserThreads.AUTO, Ds2UserThreads.parse("user-threads", "Auto"));
    assertEquals(Ds2UserThreads.PLATFORM, Ds2UserThreads.parse("user-threads", " platform"));
    UsageException e =
        assertThrows(UsageException.class, () -> Ds2UserThreads.parse("user-threads", "green"));
    assertTrue(e.getMessage().startsWith("--user-threads: 'green'"), e.getMessage());
  }

  @Test
  void autoIsVirtualOnlyWhereVirtualThreadsNeverPin() {
    Ds2UserThreads expected =
        JAVA >= Ds2UserThreads.AUTO_VIRTUAL_FROM ? Ds2UserThreads.VIRTUAL : Ds2UserThreads.PLATFORM;
    assertEquals(expected, Ds2UserThreads.AUTO.resolved());
    assertEquals(Ds2UserThreads.PLATFORM, Ds2UserThreads.PLATFORM.resolved());
  }

  @Test
  void virtualIsRefusedBeforeJava21AndRunsAfter() throws Exception {
    if (JAVA < 21) {
      UsageException e =
          assertThrows(UsageException.class, () -> Ds2UserThreads.VIRTUAL.check("user-threads"));
      assertTrue(e.getMessage().contains("Java 21 or newer (this is Java " + JAVA), e.getMessage());
      return;
    }
    AtomicBoolean ran = new AtomicBoolean();
    Thread t = Ds2UserThreads.VIRTUAL.newThread(() -> ran.set(true), "u1");
    assertEquals("u1", t.getName());
    assertTrue(t.isDaemon());
    t.start();
    t.join();
    assertTrue(ran.get());
  }

  @Test
  void platformThreadsAreNamedDaemons() throws Exception {
    AtomicBoolean ran = new AtomicBoolean();
    Thread t = Ds2UserThreads.PLATFORM.newThread(() -> ran.set(true), "ds2-user-7");
    assertEquals("ds2-user-7", t.getName());
    assertTrue(t.isDaemon());
    assertFalse(t.isAlive());
    t.start();
    t.join();
    assertTrue(ran.get());
  }

  @Test
  void describesTheThreadsAndHintsAtVirtualOnlyWhereAutoChosePlatform() {
    assertEquals("1 user on platform threads", Ds2UserThreads.PLATFORM.describe(1));
    String auto = Ds2UserThreads.AUTO.describe(20);
    if (JAVA >= Ds2UserThreads.AUTO_VIRTUAL_FROM) {
      assertEquals("20 users on virtual threads", auto);
    } else {
      assertTrue(auto.startsWith("20 users on platform threads (Java " + JAVA + ";"), auto);
      assertTrue(auto.contains("--user-threads virtual"), auto);
      assertEquals(JAVA < 21, auto.contains("Java 21+"), auto);
    }
  }
}
