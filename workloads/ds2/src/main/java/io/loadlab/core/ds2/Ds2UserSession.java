package io.loadlab.core.ds2;

import io.loadlab.core.database.SqlStates;
import java.sql.SQLException;
import java.util.random.RandomGenerator;

/**
 * One DS2 user session, which DS2 counts as one "order": log in as an existing customer (or, for
 * {@code pctNewCustomers} percent of sessions, register a new one), search 1..2n-1 times by
 * category, actor or title, then buy 1..2n-1 line items. A purchase that hits a deadlock or a
 * serialization failure is retried (up to 10 times); its time includes the retries.
 *
 * <p>Not thread-safe: one session object per connection and thread, reused for many sessions.
 */
public final class Ds2UserSession {
  /** The most times a purchase is retried after a deadlock or serialization failure. */
  public static final int MAX_RETRIES = 10;

  private final Ds2Transactions tx;
  private final Ds2WorkloadMix mix;
  private final Ds2Size size;
  private final RandomGenerator rng;
  private final Ds2SearchTerms terms;

  /**
   * A session searching with loadlab's generator words (for a database loadlab loaded).
   *
   * @param size the loaded database's size: customers and products are drawn from its id ranges
   * @param rng this session's random source (one per thread)
   */
  public Ds2UserSession(Ds2Transactions tx, Ds2WorkloadMix mix, Ds2Size size, RandomGenerator rng) {
    this(tx, mix, size, rng, Ds2SearchTerms.GENERATOR);
  }

  /**
   * @param size the loaded database's size: customers and products are drawn from its id ranges
   * @param rng this session's random source (one per thread)
   * @param terms the words searches are drawn from ({@link Ds2SearchTerms#sample} of the database)
   */
  public Ds2UserSession(
      Ds2Transactions tx,
      Ds2WorkloadMix mix,
      Ds2Size size,
      RandomGenerator rng,
      Ds2SearchTerms terms) {
    this.tx = tx;
    this.mix = mix;
    this.size = size;
    this.rng = rng;
    this.terms = terms;
  }

  /** Runs one whole session without reporting its steps. */
  public Ds2OrderResult run() throws Ds2StepException {
    return run(Ds2StepListener.NONE);
  }

  /**
   * Runs one whole session, telling {@code listener} about each step as it completes.
   *
   * @throws Ds2StepException if a step fails with an SQL error (other than a retried deadlock), or
   *     the customer to log in as does not exist (SQLSTATE 02000: the database does not match the
   *     size)
   */
  public Ds2OrderResult run(Ds2StepListener listener) throws Ds2StepException {
    long total = 0;
    int customerId;
    boolean isNew = rng.nextInt(100) < mix.pctNewCustomers();
    if (isNew) {
      long t0 = System.nanoTime();
      try {
        customerId = 0;
        for (int attempt = 0; customerId == 0; attempt++) {
          String name =
              attempt < 20
                  ? "newuser" + (1 + rng.nextInt(size.customers()))
                  : "newuser" + Long.toUnsignedString(rng.nextLong(), 36);
          Ds2Customer c = Ds2RandomData.customer(rng, rng.nextBoolean(), name, "password");
          customerId = tx.newCustomer(c).customerId();
        }
      } catch (SQLException e) {
        throw new Ds2StepException(Ds2Step.NEW_CUSTOMER, System.nanoTime() - t0, e);
      }
      long dt = System.nanoTime() - t0;
      total += dt;
      listener.stepDone(Ds2Step.NEW_CUSTOMER, dt, new Ds2NewCustomerResult(customerId));
    } else {
      long t0 = System.nanoTime();
      Ds2LoginResult login;
      String user = "user" + (1 + rng.nextInt(size.customers()));
      try {
        login = tx.login(user, "password");
      } catch (SQLException e) {
        throw new Ds2StepException(Ds2Step.LOGIN, System.nanoTime() - t0, e);
      }
      long dt = System.nanoTime() - t0;
      if (!login.found()) {
        throw new Ds2StepException(
            Ds2Step.LOGIN,
            dt,
            new SQLException(
                "no customer " + user + ": the database does not match --db-size " + size.name(),
                "02000"));
      }
      customerId = login.customerId();
      total += dt;
      listener.stepDone(Ds2Step.LOGIN, dt, login);
    }

    int browses = Ds2RandomData.aroundAverage(rng, mix.searches());
    int rows = 0;
    for (int i = 0; i < browses; i++) {
      int batch = Ds2RandomData.aroundAverage(rng, mix.searchBatchSize());
      int kind = rng.nextInt(3);
      long t0 = System.nanoTime();
      Ds2BrowseResult r;
      try {
        r =
            switch (kind) {
              case 0 -> tx.browseByCategory(terms.category(rng), batch);
              case 1 -> tx.browseByActor(terms.actor(rng), batch);
              default -> tx.browseByTitle(terms.title(rng), batch);
            };
      } catch (SQLException e) {
        throw new Ds2StepException(Ds2Step.BROWSE, System.nanoTime() - t0, e);
      }
      long dt = System.nanoTime() - t0;
      total += dt;
      rows += r.rows();
      listener.stepDone(Ds2Step.BROWSE, dt, r);
    }

    int items =
        Math.min(Ds2Transactions.MAX_LINE_ITEMS, Ds2RandomData.aroundAverage(rng, mix.lineItems()));
    int[] prods = new int[items];
    int[] qty = new int[items];
    for (int i = 0; i < items; i++) {
      prods[i] = Ds2RandomData.product(rng, size.products());
      qty[i] = 1 + rng.nextInt(3);
    }
    long t0 = System.nanoTime();
    Retried purchase;
    try {
      purchase = purchaseRetrying(tx, customerId, prods, qty, this::sleepBeforeRetry);
    } catch (SQLException e) {
      throw new Ds2StepException(Ds2Step.PURCHASE, System.nanoTime() - t0, e);
    }
    long dt = System.nanoTime() - t0;
    total += dt;
    listener.stepDone(Ds2Step.PURCHASE, dt, purchase.result());
    return new Ds2OrderResult(
        customerId, isNew, browses, rows, purchase.result(), purchase.retries(), total);
  }

  /** A purchase and how many times it was retried. */
  record Retried(Ds2PurchaseResult result, int retries) {}

  /**
   * Runs a purchase, retrying it after a deadlock or serialization failure (up to {@value
   * #MAX_RETRIES} times, {@code backoff} between tries); other failures are thrown at once.
   */
  static Retried purchaseRetrying(
      Ds2Transactions tx, int customerId, int[] prods, int[] qty, Runnable backoff)
      throws SQLException {
    int retries = 0;
    while (true) {
      try {
        return new Retried(tx.purchase(customerId, prods, qty), retries);
      } catch (SQLException e) {
        if (!SqlStates.isRetryable(e) || retries >= MAX_RETRIES) {
          throw e;
        }
        retries++;
        backoff.run();
      }
    }
  }

  private void sleepBeforeRetry() {
    try {
      Thread.sleep(rng.nextInt(100));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
