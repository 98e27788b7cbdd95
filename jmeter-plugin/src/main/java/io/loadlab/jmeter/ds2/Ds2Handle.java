package io.loadlab.jmeter.ds2;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.SqlStates;
import io.loadlab.core.ds2.Ds2SearchTerms;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2Transactions;
import io.loadlab.jmeter.PerThread;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What a DS2 Database element gives its samplers: DS2 transactions on a connection, either the
 * thread's own (pool size 0) or borrowed from a shared pool for one sample. Each connection keeps
 * its {@link Ds2Transactions} (and so its prepared statements) for its whole life.
 */
final class Ds2Handle {
  /** How long a sample waits to borrow from a full pool before it fails. */
  private static final long BORROW_TIMEOUT_SECONDS = 60;

  private final DatabaseTarget target;
  private final Ds2Size size;
  private final PerThread<Conn> perThread;
  private final BlockingQueue<Conn> idle;
  private final Set<Conn> all = ConcurrentHashMap.newKeySet();
  private final int poolSize;
  private int created;
  private volatile boolean closed;
  private volatile Ds2SearchTerms terms;

  Ds2Handle(DatabaseTarget target, Ds2Size size, int poolSize) {
    this.target = target;
    this.size = size;
    this.poolSize = poolSize;
    this.perThread = new PerThread<>(false, this::open);
    this.idle = poolSize > 0 ? new ArrayBlockingQueue<>(poolSize) : null;
  }

  /** The loaded database's size. */
  Ds2Size size() {
    return size;
  }

  /**
   * The words searches are drawn from, sampled from the database's products when the first
   * connection opens, so that searches find products in any DS2-shaped database.
   */
  Ds2SearchTerms terms() {
    Ds2SearchTerms t = terms;
    return t == null ? Ds2SearchTerms.GENERATOR : t;
  }

  /** A connection with its transactions; closing it closes both. */
  private record Conn(Ds2Transactions tx) implements AutoCloseable {
    @Override
    public void close() {
      try {
        tx.close();
      } catch (Exception ignored) {
        // closing at the end or after a lost connection
      }
      try {
        tx.connection().close();
      } catch (SQLException ignored) {
        // already gone
      }
    }
  }

  /** A connection's transactions for one sample; {@link Lease#close()} gives it back. */
  final class Lease implements AutoCloseable {
    private final Conn conn;
    private boolean broken;

    private Lease(Conn conn) {
      this.conn = conn;
    }

    Ds2Transactions tx() {
      return conn.tx();
    }

    /** Marks the connection as unusable if {@code e} says it was lost. */
    void failed(SQLException e) {
      if (e != null && SqlStates.isConnectionLost(e)) {
        broken = true;
      }
    }

    @Override
    public void close() {
      giveBack(conn, broken);
    }
  }

  /** Borrows a connection (the thread's own with pool size 0), opening one if needed. */
  Lease borrow() throws Exception {
    if (closed) {
      throw new IllegalStateException("the test has ended");
    }
    if (poolSize == 0) {
      return new Lease(perThread.get());
    }
    Conn tx = idle.poll();
    if (tx == null) {
      synchronized (this) {
        if (created < poolSize) {
          created++;
          try {
            return new Lease(open());
          } catch (Exception e) {
            created--;
            throw e;
          }
        }
      }
      tx = idle.poll(BORROW_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (tx == null) {
        throw new SQLException(
            "no pooled connection free within " + BORROW_TIMEOUT_SECONDS + " s", "08001");
      }
    }
    return new Lease(tx);
  }

  private Conn open() throws SQLException {
    Connection c = target.connect();
    try {
      if (terms == null) {
        synchronized (this) {
          if (terms == null) {
            terms =
                Ds2SearchTerms.sample(
                    c, target.dialect(), Ds2SearchTerms.DEFAULT_SAMPLE, System.nanoTime());
          }
        }
      }
      Conn conn = new Conn(Ds2Transactions.on(c));
      all.add(conn);
      return conn;
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  private void giveBack(Conn tx, boolean broken) {
    if (poolSize == 0) {
      if (broken) {
        all.remove(tx);
        perThread.discard();
      }
      return;
    }
    if (broken || closed) {
      all.remove(tx);
      tx.close();
      synchronized (this) {
        created--;
      }
      return;
    }
    idle.offer(tx);
  }

  /** Closes the calling thread's own connection (pool size 0); when the thread finishes. */
  void releaseThread() {
    if (poolSize == 0) {
      Conn mine = perThread.current();
      if (mine != null) {
        all.remove(mine);
      }
      perThread.discard();
    }
  }

  /** Closes every connection; when the test ends. */
  void closeAll() {
    closed = true;
    perThread.closeAll();
    for (Conn c : all) {
      c.close();
    }
    all.clear();
  }
}
