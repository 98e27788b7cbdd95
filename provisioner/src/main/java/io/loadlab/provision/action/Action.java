package io.loadlab.provision.action;

/**
 * One change to make, described for the plan and the action log.
 *
 * @param machine the host or guest it changes
 * @param description what it does, in words
 * @param step the change itself
 */
public record Action(String machine, String description, Step step) {
  /** Makes the change. */
  @FunctionalInterface
  public interface Step {
    /**
     * @return what to remember to undo it, or null if teardown has nothing to undo
     */
    Undo run() throws Exception;
  }

  @Override
  public String toString() {
    return machine + ": " + description;
  }
}
