package io.loadlab.jmeter.ds2;

import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2StepException;
import io.loadlab.core.ds2.Ds2Transactions;
import io.loadlab.jmeter.ErrorCodes;
import io.loadlab.jmeter.SamplerBase;
import io.loadlab.jmeter.TimedResult;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * What the DS2 samplers share: the DS2 Database they use, borrowing a connection per sample
 * (connect time = borrow time), and a random source per thread for the inputs left blank. Errors
 * carry their SQLSTATE as response code.
 */
public abstract class Ds2SamplerBase extends SamplerBase {
  private static final long serialVersionUID = 1L;

  static {
    // A failed sample's response code: a DS2 step's SQL error's (its SQLSTATE).
    ErrorCodes.register(
        t -> t instanceof Ds2StepException step ? ErrorCodes.of(step.sqlException()) : null);
  }

  private String database = "ds2";

  private transient Ds2Handle handle;
  private transient RandomGenerator rng;

  /** One sample's work on a connection's transactions. */
  @FunctionalInterface
  protected interface Work {
    /** Runs the transaction(s) and returns the response text. */
    String run(Ds2Transactions tx, Ds2Size size, RandomGenerator rng) throws Exception;
  }

  /** Borrows a connection, runs {@code work} on it and fills the result. */
  protected final void withConnection(TimedResult result, Work work) throws Exception {
    if (handle == null) {
      handle = Ds2Database.lookup(database);
    }
    if (rng == null) {
      rng = new SplittableRandom();
    }
    try (Ds2Handle.Lease lease = handle.borrow()) {
      result.connected();
      String text;
      try {
        text = work.run(lease.tx(), handle.size(), rng);
      } catch (SQLException e) {
        lease.failed(e);
        throw e;
      } catch (Ds2StepException e) {
        lease.failed(e.sqlException());
        throw e;
      }
      result.succeeded(0, text.getBytes(StandardCharsets.UTF_8).length, text);
    }
  }

  /** The words random searches are drawn from: sampled from the element's database. */
  protected final io.loadlab.core.ds2.Ds2SearchTerms searchTerms() {
    return handle.terms();
  }

  @Override
  protected void release() {
    Ds2Handle h = handle;
    handle = null;
    if (h != null) {
      h.releaseThread();
    }
  }

  public String getDatabase() {
    return database;
  }

  public void setDatabase(String database) {
    this.database = database;
  }
}
