package io.loadlab.jmeter.ds2;

import io.loadlab.core.ds2.Ds2OrderResult;
import io.loadlab.core.ds2.Ds2UserSession;
import io.loadlab.core.ds2.Ds2WorkloadMix;
import io.loadlab.jmeter.TimedResult;

/**
 * DS2 Order sampler: one whole DS2 user session, which DS2 counts as one order: log in (or
 * register, for the given percentage), search, purchase. Its rate is DS2's orders per minute.
 */
public class Ds2OrderSampler extends Ds2SamplerBase {
  private static final long serialVersionUID = 1L;

  private int pctNewCustomers = 20;
  private int searches = 3;
  private int searchBatchSize = 5;
  private int lineItems = 5;

  @Override
  protected void sample(TimedResult result) throws Exception {
    Ds2WorkloadMix mix = new Ds2WorkloadMix(pctNewCustomers, searches, searchBatchSize, lineItems);
    withConnection(
        result,
        (tx, size, rng) -> {
          Ds2OrderResult r = new Ds2UserSession(tx, mix, size, rng, searchTerms()).run();
          return (r.newCustomer() ? "new customer " : "customer ")
              + r.customerId()
              + ", "
              + r.browses()
              + " searches ("
              + r.browseRows()
              + " rows), "
              + (r.rolledBack() ? "purchase rolled back" : "order " + r.purchase().orderId())
              + (r.retries() > 0 ? ", " + r.retries() + " retries" : "");
        });
  }

  public int getPctNewCustomers() {
    return pctNewCustomers;
  }

  public void setPctNewCustomers(int pctNewCustomers) {
    this.pctNewCustomers = pctNewCustomers;
  }

  public int getSearches() {
    return searches;
  }

  public void setSearches(int searches) {
    this.searches = searches;
  }

  public int getSearchBatchSize() {
    return searchBatchSize;
  }

  public void setSearchBatchSize(int searchBatchSize) {
    this.searchBatchSize = searchBatchSize;
  }

  public int getLineItems() {
    return lineItems;
  }

  public void setLineItems(int lineItems) {
    this.lineItems = lineItems;
  }
}
