package bench.ds2;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.vertx.sqlclient.impl.SqlClientInternal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * DS2 orders as bench/ds2/ds2-order.pgbench sends them (log in or register, three searches, a
 * pipelined purchase, COMMIT), or as ds2-order-functions.pgbench calls them, from N users
 * multiplexed over a few event-loop threads by Vert.x's asynchronous PostgreSQL client. A measuring
 * tool, not loadlab's driver: it shows what a client that does not block one kernel thread per user
 * costs.
 *
 * <p>Usage: {@code AsyncOrders port clients seconds warmupSeconds eventLoops
 * group|flush|functions}; prints {@code opm: N} over the seconds after the warmup. {@code group}
 * sends the purchase's nine statements in one write, as PgJDBC and pgbench do; {@code flush} lets
 * Vert.x write each one; {@code functions} makes bench/ds2/ds2-order-functions.pgbench's calls
 * instead (one call of loadlab's server-side function per step, as {@code loadlab ds2 run --mode
 * functions}).
 */
public final class AsyncOrders {
  private static final String COLUMNS =
      "prod_id, category, title, actor, price, special, common_prod_id FROM products";
  private static final String NEW_CUSTOMER =
      "INSERT INTO customers (firstname, lastname, address1, address2, city, state, zip, country,"
          + " region, email, phone, creditcardtype, creditcard, creditcardexpiration, username,"
          + " password, age, income, gender) VALUES ('QWERTY', 'ASDFGHJKLZ', '5551234567 Dell Way',"
          + " '', 'ZXCVBNM', 'NC', '27701', 'US', 1, 'ASDFGHJKLZ@dell.com', '5551234567', 3,"
          + " '1234567812345678', '2010/05', $1, 'password', 35, 60000, 'F') ON CONFLICT DO NOTHING"
          + " RETURNING customerid";
  private static final String LOGIN =
      "SELECT c.customerid AS cid, l.title FROM customers c LEFT JOIN LATERAL (SELECT p.title,"
          + " p.actor, r.title AS related FROM cust_hist h JOIN products p ON p.prod_id = h.prod_id"
          + " LEFT JOIN products r ON r.prod_id = p.common_prod_id WHERE h.customerid ="
          + " c.customerid ORDER BY h.orderid DESC LIMIT 10) l ON true WHERE c.username = $1 AND"
          + " c.password = 'password'";
  private static final String BY_CATEGORY =
      "SELECT " + COLUMNS + " WHERE category = $1 AND special = 1 LIMIT 5";
  private static final String BY_ACTOR =
      "SELECT "
          + COLUMNS
          + " WHERE to_tsvector('simple', actor) @@ to_tsquery('simple', (SELECT w FROM bench_first"
          + " WHERE id = $1) || ' & ' || (SELECT w FROM bench_last WHERE id = $2)) LIMIT 5";
  private static final String BY_TITLE =
      "SELECT "
          + COLUMNS
          + " WHERE to_tsvector('simple', title) @@ to_tsquery('simple', (SELECT w FROM bench_title"
          + " WHERE id = $1) || ' & ' || (SELECT w FROM bench_title WHERE id = $2)) LIMIT 5";
  private static final String ORDER =
      "INSERT INTO orders (orderdate, customerid, netamount, tax, totalamount) SELECT"
          + " CURRENT_DATE, $1, a.net, round(a.net * 0.0825, 2), a.net + round(a.net * 0.0825, 2)"
          + " FROM (SELECT round(COALESCE(SUM(p.price * v.q), 0), 2) AS net FROM (VALUES ($2::int,"
          + " $3::int), ($4::int, $5::int), ($6::int, $7::int), ($8::int, $9::int), ($10::int,"
          + " $11::int)) v(id, q) LEFT JOIN products p ON p.prod_id = v.id) a RETURNING orderid,"
          + " totalamount";
  private static final String STOCK =
      "UPDATE inventory SET quan_in_stock = quan_in_stock - $1, sales = sales + $1 WHERE prod_id ="
          + " $2 AND quan_in_stock >= $1 RETURNING quan_in_stock";
  private static final String LINES =
      "INSERT INTO orderlines (orderlineid, orderid, prod_id, quantity, orderdate) VALUES"
          + " (1, currval('orders_orderid_seq'), $1, $2, CURRENT_DATE), (2,"
          + " currval('orders_orderid_seq'), $3, $4, CURRENT_DATE), (3,"
          + " currval('orders_orderid_seq'), $5, $6, CURRENT_DATE), (4,"
          + " currval('orders_orderid_seq'), $7, $8, CURRENT_DATE), (5,"
          + " currval('orders_orderid_seq'), $9, $10, CURRENT_DATE)";
  private static final String HISTORY =
      "INSERT INTO cust_hist (customerid, orderid, prod_id) VALUES ($1,"
          + " currval('orders_orderid_seq'), $2), ($1, currval('orders_orderid_seq'), $3), ($1,"
          + " currval('orders_orderid_seq'), $4), ($1, currval('orders_orderid_seq'), $5), ($1,"
          + " currval('orders_orderid_seq'), $6)";

  private static final String F_LOGIN =
      "SELECT o_customerid, o_title FROM loadlab_ds2_login($1, 'password')";
  private static final String F_NEW_CUSTOMER =
      "SELECT loadlab_ds2_new_customer('QWERTY', 'ASDFGHJKLZ', '5551234567 Dell Way', '',"
          + " 'ZXCVBNM', 'NC', '27701', 'US', 1, 'ASDFGHJKLZ@dell.com', '5551234567', 3,"
          + " '1234567812345678', '2010/05', $1, 'password', 35, 60000, 'F')";
  private static final String F_BY_CATEGORY =
      "SELECT prod_id FROM loadlab_ds2_browse_by_category($1, 5)";
  private static final String F_BY_ACTOR =
      "SELECT prod_id FROM loadlab_ds2_browse_by_actor((SELECT w FROM bench_first WHERE id = $1)"
          + " || ' & ' || (SELECT w FROM bench_last WHERE id = $2), 5)";
  private static final String F_BY_TITLE =
      "SELECT prod_id FROM loadlab_ds2_browse_by_title((SELECT w FROM bench_title WHERE id = $1)"
          + " || ' & ' || (SELECT w FROM bench_title WHERE id = $2), 5)";
  private static final String F_PURCHASE =
      "SELECT o_orderid, o_total FROM loadlab_ds2_purchase($1, $2, $3)";

  private static final AtomicLong ORDERS = new AtomicLong();
  private static volatile boolean stopping;

  private record Counts(int customers, int products, int firstNames, int lastNames, int titles) {}

  private AsyncOrders() {}

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int clients = Integer.parseInt(args[1]);
    int seconds = Integer.parseInt(args[2]);
    int warmup = Integer.parseInt(args[3]);
    int eventLoops = Integer.parseInt(args[4]);
    boolean group = !args[5].equals("flush");
    boolean functions = args[5].equals("functions");
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops));
    PgConnectOptions options =
        new PgConnectOptions()
            .setHost("127.0.0.1")
            .setPort(port)
            .setDatabase("ds2")
            .setUser("postgres")
            .setCachePreparedStatements(true)
            .setPipeliningLimit(256);
    PgConnection first = await(PgConnection.connect(vertx, options));
    Counts counts =
        new Counts(
            count(first, "SELECT value::int FROM loadlab_ds2 WHERE name = 'customers'"),
            count(first, "SELECT value::int FROM loadlab_ds2 WHERE name = 'products'"),
            count(first, "SELECT count(*)::int FROM bench_first"),
            count(first, "SELECT count(*)::int FROM bench_last"),
            count(first, "SELECT count(*)::int FROM bench_title"));
    await(first.close());
    for (int i = 0; i < clients; i++) {
      new User(await(PgConnection.connect(vertx, options)), counts, group, functions).nextOrder();
    }
    Thread.sleep(warmup * 1000L);
    long before = ORDERS.get();
    long start = System.nanoTime();
    Thread.sleep((seconds - warmup) * 1000L);
    long orders = ORDERS.get() - before;
    double elapsed = (System.nanoTime() - start) / 1e9;
    System.out.printf("opm: %.0f%n", orders / elapsed * 60);
    stopping = true;
    Thread.sleep(500);
    await(vertx.close());
  }

  private static <T> T await(Future<T> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get();
  }

  private static int count(PgConnection c, String sql) throws Exception {
    return await(c.query(sql).execute()).iterator().next().getInteger(0);
  }

  /** One user: its orders one after another, each step started from the previous one's answer. */
  private static final class User {
    private final PgConnection connection;
    private final Counts counts;
    private final boolean group;
    private final boolean functions;
    private final SplittableRandom random = new SplittableRandom();

    User(PgConnection connection, Counts counts, boolean group, boolean functions) {
      this.connection = connection;
      this.counts = counts;
      this.group = group;
      this.functions = functions;
    }

    private int between(int low, int high) {
      return low + random.nextInt(high - low + 1);
    }

    void nextOrder() {
      if (stopping) {
        return;
      }
      Future<Integer> customer = between(1, 100) <= 20 ? register(0) : login();
      customer
          .compose(
              id ->
                  search(functions ? F_BY_CATEGORY : BY_CATEGORY, Tuple.of(between(1, 16)))
                      .map(id))
          .compose(
              id ->
                  search(
                          functions ? F_BY_ACTOR : BY_ACTOR,
                          Tuple.of(between(1, counts.firstNames), between(1, counts.lastNames)))
                      .map(id))
          .compose(
              id ->
                  search(
                          functions ? F_BY_TITLE : BY_TITLE,
                          Tuple.of(between(1, counts.titles), between(1, counts.titles)))
                      .map(id))
          .compose(id -> functions ? functionPurchase(id).mapEmpty() : purchase(id).mapEmpty())
          .onComplete(
              (ok, failure) -> {
                if (failure != null) {
                  System.err.println("order failed: " + failure);
                } else {
                  ORDERS.incrementAndGet();
                }
                nextOrder();
              });
    }

    private Future<?> search(String sql, Tuple parameters) {
      return connection.preparedQuery(sql).execute(parameters);
    }

    private Future<Integer> register(int attempt) {
      String name =
          attempt < 20 ? "newuser" + between(1, counts.customers) : "async" + UUID.randomUUID();
      return connection
          .preparedQuery(functions ? F_NEW_CUSTOMER : NEW_CUSTOMER)
          .execute(Tuple.of(name))
          .compose(
              rows ->
                  rows.size() > 0 && rows.iterator().next().getInteger(0) != 0
                      ? Future.succeededFuture(rows.iterator().next().getInteger(0))
                      : register(attempt + 1));
    }

    private Future<Integer> login() {
      return connection
          .preparedQuery(functions ? F_LOGIN : LOGIN)
          .execute(Tuple.of("user" + between(1, counts.customers)))
          .map(rows -> rows.iterator().next().getInteger(0));
    }

    private Future<?> functionPurchase(int customer) {
      Integer[] p = new Integer[5];
      Integer[] q = new Integer[5];
      for (int i = 0; i < 5; i++) {
        p[i] = between(1, counts.products);
        q[i] = between(1, 3);
      }
      return connection.preparedQuery(F_PURCHASE).execute(Tuple.of(customer, p, q));
    }

    private Future<?> purchase(int customer) {
      int[] p = new int[5];
      int[] q = new int[5];
      for (int i = 0; i < 5; i++) {
        p[i] = between(1, counts.products);
        q[i] = between(1, 3);
      }
      List<Future<?>> answers = new ArrayList<>();
      Consumer<SqlClient> statements =
          c -> {
            answers.add(c.query("BEGIN").execute());
            answers.add(
                c.preparedQuery(ORDER)
                    .execute(
                        Tuple.from(
                            new Object[] {
                              customer, p[0], q[0], p[1], q[1], p[2], q[2], p[3], q[3], p[4], q[4]
                            })));
            for (int i = 0; i < 5; i++) {
              answers.add(c.preparedQuery(STOCK).execute(Tuple.of(q[i], p[i])));
            }
            answers.add(
                c.preparedQuery(LINES)
                    .execute(
                        Tuple.from(
                            new Object[] {
                              p[0], q[0], p[1], q[1], p[2], q[2], p[3], q[3], p[4], q[4]
                            })));
            answers.add(
                c.preparedQuery(HISTORY).execute(Tuple.of(customer, p[0], p[1], p[2], p[3], p[4])));
          };
      if (group) {
        ((SqlClientInternal) connection).group(statements::accept);
      } else {
        statements.accept(connection);
      }
      return Future.all(answers).compose(all -> connection.query("COMMIT").execute());
    }
  }
}
