package io.loadlab.core.ds2;

/**
 * One whole DS2 user session ("order"): log in or register, browse, purchase.
 *
 * @param customerId the customer who ordered
 * @param newCustomer true if the session registered a new customer instead of logging in
 * @param browses searches made
 * @param browseRows products the searches returned in all
 * @param purchase what the purchase did
 * @param retries purchases retried after a deadlock or serialization failure
 * @param nanos the whole session's response time (sum of its steps, DS2's {@code rt_tot})
 */
public record Ds2OrderResult(
    int customerId,
    boolean newCustomer,
    int browses,
    int browseRows,
    Ds2PurchaseResult purchase,
    int retries,
    long nanos) {
  /** True if the purchase was rolled back for lack of stock. */
  public boolean rolledBack() {
    return purchase.rolledBack();
  }
}
