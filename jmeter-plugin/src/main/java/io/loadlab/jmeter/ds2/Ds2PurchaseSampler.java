package io.loadlab.jmeter.ds2;

import io.loadlab.core.ds2.Ds2PurchaseResult;
import io.loadlab.core.ds2.Ds2RandomData;
import io.loadlab.core.ds2.Ds2Transactions;
import io.loadlab.jmeter.TimedResult;

/**
 * DS2 Purchase sampler: buys random products in one transaction for a customer (blank: a random
 * existing one). A purchase that finds too little stock is rolled back, as in DS2; that is a
 * successful sample whose response message says so. Deadlocks are not retried here (the SQLSTATE is
 * the response code); DS2 Order retries them as a DS2 session does.
 */
public class Ds2PurchaseSampler extends Ds2SamplerBase {
  private static final long serialVersionUID = 1L;

  private String customerId = "";
  private int lineItems = 5;

  @Override
  protected void sample(TimedResult result) throws Exception {
    if (lineItems < 1 || lineItems > Ds2Transactions.MAX_LINE_ITEMS) {
      throw new IllegalArgumentException(
          "lineItems: " + lineItems + " is not in 1.." + Ds2Transactions.MAX_LINE_ITEMS);
    }
    String id = customerId == null ? "" : customerId.strip();
    boolean[] rolledBack = new boolean[1];
    withConnection(
        result,
        (tx, size, rng) -> {
          int customer = id.isEmpty() ? 1 + rng.nextInt(size.customers()) : Integer.parseInt(id);
          int items = Ds2RandomData.aroundAverage(rng, lineItems);
          items = Math.min(items, Ds2Transactions.MAX_LINE_ITEMS);
          int[] prods = new int[items];
          int[] qty = new int[items];
          for (int i = 0; i < items; i++) {
            prods[i] = Ds2RandomData.product(rng, size.products());
            qty[i] = 1 + rng.nextInt(3);
          }
          Ds2PurchaseResult r = tx.purchase(customer, prods, qty);
          rolledBack[0] = r.rolledBack();
          return r.rolledBack()
              ? "rolled back: too little stock"
              : "order " + r.orderId() + ", " + r.lines() + " lines, total " + r.totalAmount();
        });
    if (rolledBack[0]) {
      result.setResponseMessage("rolled back: too little stock");
    }
  }

  public String getCustomerId() {
    return customerId;
  }

  public void setCustomerId(String customerId) {
    this.customerId = customerId;
  }

  public int getLineItems() {
    return lineItems;
  }

  public void setLineItems(int lineItems) {
    this.lineItems = lineItems;
  }
}
