package io.loadlab.core.ds2;

/**
 * DS2's reorder rule: when a product's stock falls below 3 it is restocked to 250 (2,500 for every
 * 10,000th product, the "hot sellers") and the restock is noted in REORDER. It keeps the number of
 * low-stock products, and so the rollback rate, steady over a run.
 */
public final class Ds2Reorder {
  /** Stock below this triggers a restock. */
  public static final int LOW_STOCK = 3;

  private Ds2Reorder() {}

  /** The level a product is restocked to. */
  public static int restockLevel(int prodId) {
    return (prodId + 1) % 10_000 == 0 ? 2_500 : 250;
  }

  /** True for DS2's hot sellers: every 10,000th product. */
  public static boolean isHot(int prodId) {
    return prodId % 10_000 == 0;
  }
}
