package io.loadlab.core.ds2.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.database.TestPostgres;
import io.loadlab.core.ds2.Ds2Size;
import io.loadlab.core.failure.UsageException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Ds2LoaderTest {
  private static long count(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void loadsTheSmallestStandardSizeWithDs2RowCountsKeysAndSequences() throws Exception {
    DatabaseTarget db = TestPostgres.newDatabase("load");
    List<String> log = new ArrayList<>();
    Ds2Loader.Outcome out =
        new Ds2Loader(db, log::add).load(new Ds2Loader.Settings(Ds2Size.SMALL, 1, 2, false));
    assertFalse(out.skipped());
    try (Connection c = db.connect()) {
      assertEquals(20_000, count(c, "SELECT COUNT(*) FROM customers"));
      assertEquals(12_000, count(c, "SELECT COUNT(*) FROM orders"));
      assertEquals(10_000, count(c, "SELECT COUNT(*) FROM products"));
      assertEquals(10_000, count(c, "SELECT COUNT(*) FROM inventory"));
      assertEquals(16, count(c, "SELECT COUNT(*) FROM categories"));
      long lines = count(c, "SELECT COUNT(*) FROM orderlines");
      assertTrue(lines >= 12_000 && lines <= 9 * 12_000, "1..9 lines per order: " + lines);
      assertEquals(lines, count(c, "SELECT COUNT(*) FROM cust_hist"));
      assertEquals(
          count(c, "SELECT SUM(quantity) FROM orderlines"),
          count(c, "SELECT SUM(sales) FROM inventory"),
          "inventory sales are the loaded order lines' quantities");
      assertEquals(10_000, count(c, "SELECT COUNT(*) FROM customers WHERE region = 1"));
      assertEquals(
          1,
          count(
              c,
              "SELECT COUNT(*) FROM pg_indexes WHERE indexname = 'ix_prod_title'"
                  + " AND indexdef LIKE '%gin%to_tsvector%title%'"),
          "full-text index on title");
      assertEquals(
          3,
          count(
              c,
              "SELECT COUNT(*) FROM information_schema.table_constraints"
                  + " WHERE constraint_type = 'FOREIGN KEY'"));
      assertEquals(20_001, count(c, "SELECT nextval('customers_customerid_seq')"));
      assertEquals(12_001, count(c, "SELECT nextval('orders_orderid_seq')"));
      assertTrue(Ds2Check.check(c, Ds2Size.SMALL).ok());
      Ds2Check.Report wrong = Ds2Check.check(c, Ds2Size.parse("--db-size", "4GB"));
      assertFalse(wrong.ok());
      assertTrue(wrong.describe(db, Ds2Size.parse("--db-size", "4GB")).contains("--db-size 10MB"));
    }
    // A second load of the same size is skipped; another size without --fresh is refused.
    assertTrue(
        new Ds2Loader(db, log::add)
            .load(new Ds2Loader.Settings(Ds2Size.SMALL, 1, 2, false))
            .skipped());
    assertThrows(
        UsageException.class,
        () ->
            new Ds2Loader(db, log::add)
                .load(new Ds2Loader.Settings(Ds2Size.parse("x", "1MB"), 1, 2, false)));
  }
}
