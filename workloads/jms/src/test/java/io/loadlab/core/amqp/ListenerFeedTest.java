package io.loadlab.core.amqp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ListenerFeedTest {
  @Test
  void aMessageIsStampedWhenTheListenerGetsIt() throws Exception {
    ListenerFeed feed = new ListenerFeed(2);
    long before = System.nanoTime();
    feed.onMessage(null);
    long after = System.nanoTime();
    Thread.sleep(20);
    ReceivedMessage m = feed.take(100);
    assertTrue(m.receivedNanos() >= before && m.receivedNanos() <= after);
    assertNull(feed.take(0));
  }

  @Test
  void aFullFeedHoldsTheListenerUntilTakenOrClosed() throws Exception {
    ListenerFeed feed = new ListenerFeed(1);
    feed.onMessage(null);
    Thread listener = new Thread(() -> feed.onMessage(null));
    listener.start();
    listener.join(300);
    assertTrue(listener.isAlive(), "the listener waits while the feed is full");
    assertTrue(feed.take(100) != null);
    listener.join(5_000);
    assertFalse(listener.isAlive(), "taken: the waiting message went in");
    assertTrue(feed.take(100) != null);

    feed.onMessage(null);
    Thread late = new Thread(() -> feed.onMessage(null));
    late.start();
    feed.close();
    late.join(5_000);
    assertFalse(late.isAlive(), "closed: the listener lets go");
    assertNull(feed.take(0));
  }
}
