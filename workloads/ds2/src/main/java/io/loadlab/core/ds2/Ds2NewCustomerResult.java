package io.loadlab.core.ds2;

/**
 * What a new-customer registration returned.
 *
 * @param customerId the new customer's id, or 0 if the username was taken (nothing inserted)
 */
public record Ds2NewCustomerResult(int customerId) {
  /** True if the customer was created. */
  public boolean created() {
    return customerId > 0;
  }
}
