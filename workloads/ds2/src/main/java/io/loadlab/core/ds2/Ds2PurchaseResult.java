package io.loadlab.core.ds2;

/**
 * What a purchase did.
 *
 * @param orderId the new order's id, or 0 if the purchase was rolled back
 * @param rolledBack true if a product had too little stock, so nothing was bought (a DS2
 *     "rollback": an expected business outcome, not an error)
 * @param lines order lines written
 * @param totalAmount the order's total including 8.25% tax, in dollars
 */
public record Ds2PurchaseResult(int orderId, boolean rolledBack, int lines, double totalAmount) {}
