package io.loadlab.core.criteria;

/**
 * The operators a criterion compares with. {@code <} and {@code >} are strict (the limit itself
 * fails), {@code <=} and {@code >=} include the limit, {@code ==} and {@code !=} compare exactly
 * (meant for counts such as {@code errors==0}).
 */
public enum Comparison {
  LESS_OR_EQUAL("<="),
  GREATER_OR_EQUAL(">="),
  EQUAL("=="),
  NOT_EQUAL("!="),
  LESS("<"),
  GREATER(">");

  private final String symbol;

  Comparison(String symbol) {
    this.symbol = symbol;
  }

  /** How it is written, such as {@code <=}. */
  public String symbol() {
    return symbol;
  }

  /** True if {@code measured} stands in this relation to {@code limit}. */
  public boolean holds(double measured, double limit) {
    return switch (this) {
      case LESS_OR_EQUAL -> measured <= limit;
      case GREATER_OR_EQUAL -> measured >= limit;
      case EQUAL -> measured == limit;
      case NOT_EQUAL -> measured != limit;
      case LESS -> measured < limit;
      case GREATER -> measured > limit;
    };
  }

  /** The operator written as {@code symbol}, or {@code null}. */
  public static Comparison of(String symbol) {
    for (Comparison c : values()) {
      if (c.symbol.equals(symbol)) {
        return c;
      }
    }
    return null;
  }
}
