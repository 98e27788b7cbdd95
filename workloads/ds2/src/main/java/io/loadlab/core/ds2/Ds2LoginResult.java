package io.loadlab.core.ds2;

/**
 * What a login returned.
 *
 * @param customerId the customer's id, or 0 if no customer has that username and password
 * @param historyRows previous purchases listed (up to 10)
 */
public record Ds2LoginResult(int customerId, int historyRows) {
  /** True if the username and password matched a customer. */
  public boolean found() {
    return customerId > 0;
  }
}
