package io.loadlab.jmh.ds2;

import io.loadlab.core.ds2.Ds2BrowseResult;
import io.loadlab.core.ds2.Ds2LoginResult;
import io.loadlab.core.ds2.Ds2NewCustomerResult;
import io.loadlab.core.ds2.Ds2PurchaseResult;
import io.loadlab.core.ds2.Ds2RandomData;
import io.loadlab.core.ds2.Ds2SearchTerms;
import io.loadlab.core.ds2.Ds2Transactions;
import io.loadlab.core.ds2.Ds2WorkloadMix;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Each DS2 transaction type on its own ({@link Ds2Transactions}), with arguments drawn as a DS2
 * user session draws them: log in as a random existing customer, browse by category, actor or title
 * for a batch of around {@code searchBatchSize} rows, purchase around {@code lineItems} products
 * (weighted to the hot sellers), register a new customer. One connection per benchmark thread,
 * opened once per trial. SampleTime, so results have percentiles.
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar Ds2Bench -rf json</pre>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// As the loadlab command does on Java 17 (its Main says why); later Javas ignore the property.
@Fork(value = 1, jvmArgsAppend = "-Djdk.net.usePlainSocketImpl=true")
public class Ds2Bench {
  private static final Ds2WorkloadMix MIX = Ds2WorkloadMix.DEFAULT;
  private static final AtomicLong SEEDS = new AtomicLong(1);

  /** One connection and its prepared statements per benchmark thread. */
  @State(Scope.Thread)
  public static class Session {
    final SplittableRandom rng = new SplittableRandom(SEEDS.getAndIncrement());
    Database db;
    Connection connection;
    Ds2Transactions tx;
    Ds2SearchTerms terms;

    /** Connects before the first measurement and samples the database's search words. */
    @Setup(Level.Trial)
    public void connect(Database database) throws SQLException {
      db = database;
      connection = db.target.connect();
      tx = new Ds2Transactions(connection, db.target.dialect());
      terms =
          Ds2SearchTerms.sample(
              connection, db.target.dialect(), Ds2SearchTerms.DEFAULT_SAMPLE, rng.nextLong());
    }

    /** Closes the statements and the connection. */
    @TearDown(Level.Trial)
    public void close() throws SQLException {
      tx.close();
      connection.close();
    }

    int batch() {
      return Ds2RandomData.aroundAverage(rng, MIX.searchBatchSize());
    }
  }

  /** Logs in as a random existing customer and reads the purchase history. */
  @Benchmark
  public Ds2LoginResult login(Session s) throws SQLException {
    String user = "user" + (1 + s.rng.nextInt(s.db.size.customers()));
    Ds2LoginResult r = s.tx.login(user, "password");
    if (!r.found()) {
      throw new IllegalStateException(
          "no customer " + user + ": the database is not loaded with DS2 " + s.db.size.name());
    }
    return r;
  }

  /** Browses a random category of the database's. */
  @Benchmark
  public Ds2BrowseResult browseByCategory(Session s) throws SQLException {
    return s.tx.browseByCategory(s.terms.category(s.rng), s.batch());
  }

  /** Browses by a random actor name. */
  @Benchmark
  public Ds2BrowseResult browseByActor(Session s) throws SQLException {
    return s.tx.browseByActor(s.terms.actor(s.rng), s.batch());
  }

  /** Browses by two random title words. */
  @Benchmark
  public Ds2BrowseResult browseByTitle(Session s) throws SQLException {
    return s.tx.browseByTitle(s.terms.title(s.rng), s.batch());
  }

  /** Buys around five products for a random customer, in one database transaction. */
  @Benchmark
  public Ds2PurchaseResult purchase(Session s) throws SQLException {
    int items =
        Math.min(
            Ds2Transactions.MAX_LINE_ITEMS, Ds2RandomData.aroundAverage(s.rng, MIX.lineItems()));
    int[] products = new int[items];
    int[] quantities = new int[items];
    for (int i = 0; i < items; i++) {
      products[i] = Ds2RandomData.product(s.rng, s.db.size.products());
      quantities[i] = 1 + s.rng.nextInt(3);
    }
    int customer = 1 + s.rng.nextInt(s.db.size.customers());
    return s.tx.purchase(customer, products, quantities);
  }

  /** Registers a customer under a new random username. */
  @Benchmark
  public Ds2NewCustomerResult newCustomer(Session s) throws SQLException {
    String name = "jmh" + Long.toUnsignedString(s.rng.nextLong(), 36);
    return s.tx.newCustomer(Ds2RandomData.customer(s.rng, s.rng.nextBoolean(), name, "password"));
  }
}
