package io.loadlab.core.ds2;

import io.loadlab.core.failure.UsageException;

/**
 * What one DS2 user session does, with DS2's driver defaults (20, 3, 5, 5). Counts are averages:
 * each session draws uniformly from 1 to 2n-1.
 *
 * @param pctNewCustomers percent of sessions that register a new customer instead of logging in
 * @param searches average searches per session
 * @param searchBatchSize average rows a search asks for
 * @param lineItems average line items per purchase (capped at 10)
 */
public record Ds2WorkloadMix(
    int pctNewCustomers, int searches, int searchBatchSize, int lineItems) {
  /** DS2's defaults. */
  public static final Ds2WorkloadMix DEFAULT = new Ds2WorkloadMix(20, 3, 5, 5);

  public Ds2WorkloadMix {
    if (pctNewCustomers < 0 || pctNewCustomers > 100) {
      throw new UsageException(
          "--pct-newcustomers: " + pctNewCustomers + " is not a percentage; use 0 to 100");
    }
    if (searches < 1) {
      throw new UsageException("--n-searches: " + searches + " is too small; use 1 or more");
    }
    if (searchBatchSize < 1) {
      throw new UsageException(
          "--search-batch-size: " + searchBatchSize + " is too small; use 1 or more");
    }
    if (lineItems < 1 || lineItems > 5) {
      throw new UsageException(
          "--n-line-items: "
              + lineItems
              + " is out of range; use 1 to 5 (a purchase has at most 2n-1 <= 10 lines)");
    }
  }
}
