package io.loadlab.core.ds2;

/** The steps of a DS2 user session, each recorded as its own operation. */
public enum Ds2Step {
  LOGIN("login"),
  NEW_CUSTOMER("new customer"),
  BROWSE("browse"),
  PURCHASE("purchase");

  private final String operation;

  Ds2Step(String operation) {
    this.operation = operation;
  }

  /** The operation name results use for the step. */
  public String operation() {
    return operation;
  }
}
