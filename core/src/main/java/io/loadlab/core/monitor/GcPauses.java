package io.loadlab.core.monitor;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationFilter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The JVM's garbage-collection pauses as they happen, from the collectors' notifications: each
 * collection's duration, added up and the longest kept until taken. Beans of concurrent cycles ("G1
 * Concurrent GC", "ZGC Cycles", "Shenandoah Cycles") are left out: their durations are mostly work
 * beside the application, not pauses of it.
 */
final class GcPauses implements NotificationListener, AutoCloseable {
  private static final NotificationFilter COLLECTIONS =
      n -> GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType());

  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private long totalMs;
  private long maxMs;
  private int count;

  private GcPauses() {}

  /** Listens to every pausing collector from now on. */
  static GcPauses start() {
    GcPauses pauses = new GcPauses();
    for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (bean instanceof NotificationEmitter emitter && !isConcurrent(bean.getName())) {
        emitter.addNotificationListener(pauses, COLLECTIONS, null);
        pauses.emitters.add(emitter);
      }
    }
    return pauses;
  }

  /** True for the beans of concurrent cycles rather than pauses. */
  static boolean isConcurrent(String collector) {
    return collector.contains("Concurrent") || collector.contains("Cycles");
  }

  @Override
  public void handleNotification(Notification n, Object handback) {
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
    if (!isConcurrent(info.getGcName())) {
      add(info.getGcInfo().getDuration());
    }
  }

  synchronized void add(long ms) {
    totalMs += ms;
    maxMs = Math.max(maxMs, ms);
    count++;
  }

  /** The pauses since the last call, and starts counting again. */
  synchronized Sum take() {
    Sum s = new Sum(totalMs, maxMs, count);
    totalMs = 0;
    maxMs = 0;
    count = 0;
    return s;
  }

  /** Stops listening. */
  @Override
  public synchronized void close() {
    for (NotificationEmitter e : emitters) {
      try {
        e.removeNotificationListener(this, COLLECTIONS, null);
      } catch (ListenerNotFoundException ignored) {
        // Already removed.
      }
    }
    emitters.clear();
  }

  /** Pauses over a stretch of time: their total, the longest and how many. */
  record Sum(long totalMs, long maxMs, int count) {}
}
