package io.loadlab.jmeter;

import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * Named handles that config elements publish for samplers, the way JMeter's JDBC Connection
 * Configuration publishes its pool: the config element stores the handle in the engine thread's
 * variables when the test starts, and every thread gets a copy of those variables, so a sampler
 * finds the handle by the name in its "connection" field.
 */
public final class Handles {
  private Handles() {}

  /**
   * Publishes {@code handle} under {@code name}; called from {@code testStarted()}.
   *
   * @param element the element's kind, for error messages ("AMQP Connection")
   * @throws IllegalArgumentException if the name is blank or already taken
   */
  public static void publish(String element, String name, Object handle) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          element + ": the variable name is empty; name the connection so samplers can use it");
    }
    JMeterVariables vars = variables();
    if (vars.getObject(name) != null) {
      throw new IllegalArgumentException(
          element + ": the variable name '" + name + "' is already used; give each one its own");
    }
    vars.putObject(name, handle);
  }

  /**
   * Publishes, instead of a handle, why the element could not open: samplers that name it fail with
   * {@code message}. Nothing is published if the name is blank or taken (the other element keeps
   * it).
   */
  public static void publishFailure(String name, String message) {
    if (name == null || name.isBlank()) {
      return;
    }
    JMeterVariables vars = variables();
    if (vars.getObject(name) == null) {
      vars.putObject(name, new Failure(message));
    }
  }

  /** What {@link #publishFailure} leaves under the name. */
  private record Failure(String message) {}

  /** Removes the handle published under {@code name}; called from {@code testEnded()}. */
  public static void withdraw(String name) {
    JMeterVariables vars = JMeterContextService.getContext().getVariables();
    if (vars != null && name != null) {
      vars.remove(name);
    }
  }

  /**
   * Finds the handle a sampler names.
   *
   * @param element the config element's kind, for the error message
   * @throws IllegalStateException with a one-line fix if there is no such handle
   */
  public static <T> T lookup(String element, String name, Class<T> type) {
    JMeterVariables vars = JMeterContextService.getContext().getVariables();
    Object found = vars == null || name == null ? null : vars.getObject(name);
    if (found instanceof Failure f) {
      throw new IllegalStateException(f.message());
    }
    if (!type.isInstance(found)) {
      throw new IllegalStateException(
          "no "
              + element
              + " named '"
              + name
              + "'; add one to the plan and give it this variable name");
    }
    return type.cast(found);
  }

  private static JMeterVariables variables() {
    JMeterVariables vars = JMeterContextService.getContext().getVariables();
    if (vars == null) {
      vars = new JMeterVariables();
      JMeterContextService.getContext().setVariables(vars);
    }
    return vars;
  }
}
