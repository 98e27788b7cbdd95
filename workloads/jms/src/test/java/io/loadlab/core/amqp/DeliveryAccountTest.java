package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.amqp.DeliveryAccount.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DeliveryAccountTest {
  @Test
  void tellsNewDuplicateAndForeignMessagesApart() {
    DeliveryAccount a = new DeliveryAccount("q", 10, 2, 100);
    assertEquals(Outcome.NEW, a.record(new MessageStamp(10, 0, 0)));
    assertEquals(Outcome.NEW, a.record(new MessageStamp(11, 99, 0)));
    assertEquals(Outcome.DUPLICATE, a.record(new MessageStamp(10, 0, 0)));
    assertEquals(Outcome.FOREIGN, a.record(new MessageStamp(12, 0, 0)), "not a publisher of it");
    assertEquals(Outcome.FOREIGN, a.record(new MessageStamp(10, 100, 0)), "beyond --count");
    assertEquals(Outcome.FOREIGN, a.record(null));
    DeliveryReport r = a.report();
    assertEquals(200, r.expected());
    assertEquals(2, r.received());
    assertEquals(1, r.duplicates());
  }

  @Test
  void memoryFollowsTheMessagesReceivedNotTheMostAPublisherMaySend() {
    // 1,000 publishers of 10^8 messages each: allocated up front, 12.5 GB of bits.
    DeliveryAccount a = new DeliveryAccount("q", 0, 1000, 100_000_000L);
    for (int p = 0; p < 1000; p++) {
      for (long seq = 0; seq < 5000; seq++) {
        assertEquals(Outcome.NEW, a.record(new MessageStamp(p, seq, 0)));
      }
    }
    assertEquals(5_000_000, a.distinct());
    assertEquals(2000, a.pages(), "two pages of 4,096 per publisher for 5,000 messages each");
    assertEquals(Outcome.DUPLICATE, a.record(new MessageStamp(999, 4999, 0)));
    assertEquals(Outcome.NEW, a.record(new MessageStamp(0, 99_999_999L, 0)), "the last one");
  }

  @Test
  @Timeout(60)
  void competingSubscribersCountEachMessageOnceAcrossPages() throws Exception {
    DeliveryAccount a = new DeliveryAccount("q", 0, 4, 1_000_000);
    int threads = 4;
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int offset = t;
      Thread th =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                // Every thread records every message: each is NEW once and a duplicate 3 times.
                // Each starts at another place, so pages are made by whichever comes first.
                for (long i = 0; i < 50_000; i++) {
                  long seq = (i + offset * 12_500L) % 50_000;
                  a.record(new MessageStamp((int) (seq % 4), seq, 0));
                }
              });
      th.start();
      all.add(th);
    }
    start.countDown();
    for (Thread th : all) {
      th.join(TimeUnit.SECONDS.toMillis(50));
    }
    assertEquals(50_000, a.distinct());
    assertEquals(150_000, a.report().duplicates());
    assertTrue(a.pages() <= 4 * 13, "pages: " + a.pages());
  }
}
