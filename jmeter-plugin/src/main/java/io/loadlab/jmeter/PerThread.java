package io.loadlab.jmeter;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A resource a config element hands to samplers: either one per thread or one shared by all threads
 * (the JDBC pool-size switch), opened on first use and closed, every one of them, when the test
 * ends.
 *
 * @param <T> the resource, such as a connection
 */
public final class PerThread<T extends AutoCloseable> {
  private static final Logger LOG = LoggerFactory.getLogger(PerThread.class);

  /** Opens one resource. */
  @FunctionalInterface
  public interface Opener<T> {
    T open() throws Exception;
  }

  private final boolean shared;
  private final Opener<T> opener;
  private final ThreadLocal<T> local = new ThreadLocal<>();
  private final Set<T> opened = ConcurrentHashMap.newKeySet();
  private T sharedOne;
  private volatile boolean closed;

  /**
   * @param shared one resource for all threads if true, one per thread otherwise
   */
  public PerThread(boolean shared, Opener<T> opener) {
    this.shared = shared;
    this.opener = opener;
  }

  /** True if all threads share one resource. */
  public boolean isShared() {
    return shared;
  }

  /** The calling thread's resource (or the shared one), opened on first use. */
  public T get() throws Exception {
    if (closed) {
      throw new IllegalStateException("the test has ended");
    }
    if (shared) {
      synchronized (this) {
        if (sharedOne == null) {
          sharedOne = opener.open();
          opened.add(sharedOne);
        }
        return sharedOne;
      }
    }
    T mine = local.get();
    if (mine == null) {
      mine = opener.open();
      local.set(mine);
      opened.add(mine);
    }
    return mine;
  }

  /** The calling thread's resource (or the shared one) if it is open, without opening one. */
  public T current() {
    if (shared) {
      synchronized (this) {
        return sharedOne;
      }
    }
    return local.get();
  }

  /**
   * Closes and forgets the calling thread's resource (after an error, so the next sample opens a
   * fresh one); with a shared resource, closes it for everyone.
   */
  public void discard() {
    T gone;
    if (shared) {
      synchronized (this) {
        gone = sharedOne;
        sharedOne = null;
      }
    } else {
      gone = local.get();
      local.remove();
    }
    if (gone != null) {
      opened.remove(gone);
      closeQuietly(gone);
    }
  }

  /** Closes every resource opened so far; called when the test ends. */
  public void closeAll() {
    closed = true;
    for (T r : opened) {
      closeQuietly(r);
    }
    opened.clear();
    synchronized (this) {
      sharedOne = null;
    }
  }

  private static void closeQuietly(AutoCloseable r) {
    try {
      r.close();
    } catch (Exception e) {
      LOG.warn("could not close {}: {}", r, e.toString());
    }
  }
}
