package io.loadlab.core.ds2.data;

import io.loadlab.core.ds2.Ds2Customer;
import io.loadlab.core.ds2.Ds2RandomData;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.ds2.Ds2Transactions;
import io.loadlab.core.ds2.Ds2Vocabulary;
import io.loadlab.core.ds2.schema.Ds2Table;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Generates DS2 data for a size and a seed, chunk by chunk, following DS2's data rules: customers
 * {@code user<id>}/{@code password}, first half in the US and the rest abroad; products with
 * two-word titles chosen by id, random actors and 16 categories; 12 months of 2009 orders with 1..9
 * lines each; inventory whose SALES is the sum of the loaded order lines.
 *
 * <p>Chunks of the first stage ({@link #firstStage()}) are independent and may run in parallel;
 * inventory ({@link #secondStage()}) needs every order chunk done first, since it sums their sales.
 * Each chunk draws from a random stream derived from the seed, the table and the chunk's number, so
 * the rows are the same whatever the number of threads.
 */
public final class Ds2DataGenerator {
  /** Rows per chunk. */
  public static final int CHUNK_ROWS = 20_000;

  private static final BigDecimal TAX = Ds2Transactions.TAX_RATE;

  private final Ds2Size size;
  private final long seed;
  private final AtomicIntegerArray sales;

  public Ds2DataGenerator(Ds2Size size, long seed) {
    this.size = size;
    this.seed = seed;
    this.sales = new AtomicIntegerArray(size.products() + 1);
  }

  public Ds2Size size() {
    return size;
  }

  public long seed() {
    return seed;
  }

  /** Chunks that can be generated in any order: categories, customers, products, orders. */
  public List<Ds2Chunk> firstStage() {
    List<Ds2Chunk> customers = new ArrayList<>();
    List<Ds2Chunk> products = new ArrayList<>();
    List<Ds2Chunk> orders = new ArrayList<>();
    split(customers, Ds2Table.CUSTOMERS, 1, size.customers());
    split(products, Ds2Table.PRODUCTS, 1, size.products());
    split(orders, Ds2Table.ORDERS, 1, size.orders());
    // Tables take turns, so that parallel loaders mostly write to different tables (concurrent
    // COPY into one table contends for its extension lock); each table's chunks stay in order.
    List<Ds2Chunk> chunks = new ArrayList<>();
    chunks.add(new Ds2Chunk(Ds2Table.CATEGORIES, 0, 1, Ds2Vocabulary.CATEGORIES.size()));
    int most = Math.max(customers.size(), Math.max(products.size(), orders.size()));
    for (int i = 0; i < most; i++) {
      for (List<Ds2Chunk> table : List.of(customers, orders, products)) {
        if (i < table.size()) {
          chunks.add(table.get(i));
        }
      }
    }
    return chunks;
  }

  /** Chunks that need the first stage done: inventory. */
  public List<Ds2Chunk> secondStage() {
    List<Ds2Chunk> chunks = new ArrayList<>();
    split(chunks, Ds2Table.INVENTORY, 1, size.products());
    return chunks;
  }

  private static void split(List<Ds2Chunk> chunks, Ds2Table table, long first, long last) {
    int index = 0;
    for (long start = first; start <= last; start += CHUNK_ROWS) {
      chunks.add(new Ds2Chunk(table, index++, start, Math.min(last, start + CHUNK_ROWS - 1)));
    }
  }

  /**
   * Generates one chunk into the sinks of its output tables.
   *
   * @param sinks a sink for each of {@link Ds2Chunk#outputs()}
   */
  public void generate(Ds2Chunk chunk, Map<Ds2Table, RowSink> sinks) throws Exception {
    SplittableRandom rng =
        new SplittableRandom(seed * 0x9E3779B97F4A7C15L + chunk.table().ordinal() * 1_000_003L)
            .split()
            .split();
    rng = new SplittableRandom(rng.nextLong() ^ (chunk.index() * 0xBF58476D1CE4E5B9L));
    switch (chunk.table()) {
      case CATEGORIES -> categories(sinks.get(Ds2Table.CATEGORIES));
      case CUSTOMERS -> customers(chunk, rng, sinks.get(Ds2Table.CUSTOMERS));
      case PRODUCTS -> products(chunk, rng, sinks.get(Ds2Table.PRODUCTS));
      case ORDERS -> orders(chunk, rng, sinks);
      case INVENTORY -> inventory(chunk, rng, sinks.get(Ds2Table.INVENTORY));
      default -> throw new IllegalArgumentException("nothing to generate for " + chunk.table());
    }
  }

  private static void categories(RowSink out) throws Exception {
    for (int i = 0; i < Ds2Vocabulary.CATEGORIES.size(); i++) {
      out.row(i + 1, Ds2Vocabulary.CATEGORIES.get(i));
    }
  }

  private void customers(Ds2Chunk chunk, SplittableRandom rng, RowSink out) throws Exception {
    long half = size.customers() / 2;
    for (long id = chunk.firstId(); id <= chunk.lastId(); id++) {
      boolean us = id <= Math.max(1, half);
      Ds2Customer c = Ds2RandomData.customer(rng, us, "user" + id, "password");
      out.row(
          (int) id,
          c.firstName(),
          c.lastName(),
          c.address1(),
          c.address2(),
          c.city(),
          c.state(),
          c.zip(),
          c.country(),
          c.region(),
          c.email(),
          c.phone(),
          c.creditCardType(),
          c.creditCard(),
          c.creditCardExpiration(),
          c.username(),
          c.password(),
          c.age(),
          c.income(),
          c.gender());
    }
  }

  private void products(Ds2Chunk chunk, SplittableRandom rng, RowSink out) throws Exception {
    int specialOneIn = size.products() <= 100_000 ? 100 : 10_000;
    for (long id = chunk.firstId(); id <= chunk.lastId(); id++) {
      int category = 1 + rng.nextInt(Ds2Vocabulary.CATEGORIES.size());
      String actor = Ds2RandomData.actor(rng);
      BigDecimal price = BigDecimal.valueOf(999 + 100L * rng.nextInt(21), 2);
      int special = rng.nextInt(specialOneIn) == 0 ? 1 : 0;
      int common = 1 + rng.nextInt(size.products());
      out.row(
          (int) id, category, Ds2Vocabulary.productTitle((int) id), actor, price, special, common);
    }
  }

  private void orders(Ds2Chunk chunk, SplittableRandom rng, Map<Ds2Table, RowSink> sinks)
      throws Exception {
    RowSink orders = sinks.get(Ds2Table.ORDERS);
    RowSink lines = sinks.get(Ds2Table.ORDERLINES);
    RowSink hist = sinks.get(Ds2Table.CUST_HIST);
    for (long id = chunk.firstId(); id <= chunk.lastId(); id++) {
      int month = (int) ((id - 1) / size.ordersPerMonth()) + 1;
      YearMonth ym = YearMonth.of(2009, Math.min(12, month));
      LocalDate date = ym.atDay(1 + rng.nextInt(ym.lengthOfMonth()));
      int customer = 1 + rng.nextInt(size.customers());
      BigDecimal net = BigDecimal.valueOf(1 + rng.nextInt(40_000), 2);
      BigDecimal tax = net.multiply(TAX).setScale(2, RoundingMode.HALF_UP);
      orders.row((int) id, date, customer, net, tax, net.add(tax));
      int n = 1 + rng.nextInt(9);
      for (int line = 1; line <= n; line++) {
        int prod = 1 + rng.nextInt(size.products());
        int qty = 1 + rng.nextInt(3);
        sales.addAndGet(prod, qty);
        lines.row(line, (int) id, prod, qty, date);
        hist.row(customer, (int) id, prod);
      }
    }
  }

  private void inventory(Ds2Chunk chunk, SplittableRandom rng, RowSink out) throws Exception {
    for (long id = chunk.firstId(); id <= chunk.lastId(); id++) {
      int stock = rng.nextInt(501);
      if (id % 10_000 == 0) {
        stock *= 10;
      }
      out.row((int) id, stock, sales.get((int) id));
    }
  }
}
