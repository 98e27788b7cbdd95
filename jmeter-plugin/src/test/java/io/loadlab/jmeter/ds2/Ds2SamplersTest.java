package io.loadlab.jmeter.ds2;

import static io.loadlab.jmeter.EngineHarness.assertTimings;
import static io.loadlab.jmeter.EngineHarness.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.jmeter.EngineHarness;
import io.loadlab.jmeter.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Ds2SamplersTest {
  private static DatabaseTarget db;

  @BeforeAll
  static void load() throws Exception {
    db = TestDatabase.ds2();
  }

  private static Ds2Database database(int poolSize) {
    Ds2Database d = new Ds2Database();
    d.setName("ds2");
    with(d, "variableName", "ds2");
    with(d, "jdbcUrl", db.url());
    with(d, "user", db.user() == null ? "" : db.user());
    with(d, "passwordProperty", "");
    with(d, "poolSize", poolSize);
    with(d, "databaseSize", TestDatabase.SIZE);
    return d;
  }

  private static <T extends Ds2SamplerBase> T sampler(T s, String name) {
    s.setName(name);
    with(s, "database", "ds2");
    with(s, "labelSuffix", "");
    return s;
  }

  private static long count(String sql) throws Exception {
    try (Connection c = db.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void eachTransactionSamplerSucceedsWithSqlResults() throws Exception {
    Ds2LoginSampler login = sampler(new Ds2LoginSampler(), "login");
    with(login, "username", "user${n}");
    with(login, "password", "password");
    Ds2BrowseSampler browse = sampler(new Ds2BrowseSampler(), "browse");
    with(browse, "browseBy", "random");
    with(browse, "searchValue", "");
    with(browse, "batchSize", 5);
    Ds2PurchaseSampler purchase = sampler(new Ds2PurchaseSampler(), "purchase");
    with(purchase, "customerId", "");
    with(purchase, "lineItems", 3);
    Ds2NewCustomerSampler register = sampler(new Ds2NewCustomerSampler(), "newcustomer");
    with(register, "username", "");
    long ordersBefore = count("select count(*) from orders");
    long customersBefore = count("select count(*) from customers");

    List<SampleResult> samples =
        EngineHarness.run(
            Map.of("n", "42"),
            EngineHarness.threadGroup(2, 5),
            List.of(database(0)),
            List.<TestElement>of(login, browse, purchase, register),
            Duration.ofSeconds(120));

    assertEquals(40, samples.size());
    for (SampleResult s : samples) {
      assertTrue(s.isSuccessful(), s.getSampleLabel() + ": " + s.getResponseMessage());
      assertTrue(s.getBytesAsLong() > 0);
      assertTimings(s);
    }
    assertTrue(
        samples.stream()
            .filter(s -> s.getSampleLabel().equals("login"))
            .allMatch(s -> s.getResponseDataAsString().startsWith("customer 42,")));
    long purchases = samples.stream().filter(s -> s.getSampleLabel().equals("purchase")).count();
    long rolledBack =
        samples.stream().filter(s -> s.getResponseMessage().startsWith("rolled back")).count();
    assertEquals(purchases - rolledBack, count("select count(*) from orders") - ordersBefore);
    assertEquals(10, count("select count(*) from customers") - customersBefore);
  }

  @Test
  void orderRunsWholeSessionsOverASharedPool() throws Exception {
    Ds2OrderSampler order = sampler(new Ds2OrderSampler(), "order");
    with(order, "pctNewCustomers", 20);
    with(order, "searches", 3);
    with(order, "searchBatchSize", 5);
    with(order, "lineItems", 5);
    List<SampleResult> samples =
        EngineHarness.run(
            EngineHarness.threadGroup(4, 5),
            List.of(database(2)),
            List.<TestElement>of(order),
            Duration.ofSeconds(120));
    assertEquals(20, samples.size());
    for (SampleResult s : samples) {
      assertTrue(s.isSuccessful(), s.getResponseMessage());
      assertTrue(s.getResponseDataAsString().contains("searches"));
      assertTimings(s);
    }
  }

  @Test
  void unknownCustomerFailsWithItsSqlState() throws Exception {
    Ds2LoginSampler login = sampler(new Ds2LoginSampler(), "login");
    with(login, "username", "nobody");
    with(login, "password", "password");
    List<SampleResult> samples =
        EngineHarness.run(
            EngineHarness.threadGroup(1, 2),
            List.of(database(0)),
            List.<TestElement>of(login),
            Duration.ofSeconds(60));
    assertEquals(2, samples.size());
    for (SampleResult s : samples) {
      assertFalse(s.isSuccessful());
      assertEquals("02000", s.getResponseCode());
      assertTimings(s);
    }
  }
}
