package io.loadlab.jmeter;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The response code and message of a failed sample: the SQLSTATE of a database error, the JMS error
 * code of a messaging error (found through the cause chain), otherwise the exception's class name.
 * The same kinds are used by loadlab's own recorder, so JMeter and command-line runs agree. A
 * workload's own failures (an AMQP error's kind, a DS2 step's SQL error) are read by the codes its
 * samplers register ({@link #register}), so that these shared classes need no workload on the class
 * path: the plugin installs per workload.
 */
public final class ErrorCodes {
  /** The workloads' own codes: each gives a code for a throwable it knows, else null. */
  private static final List<Function<Throwable, String>> WORKLOAD_CODES =
      new CopyOnWriteArrayList<>();

  private ErrorCodes() {}

  /**
   * Adds a workload's own codes, read before the generic ones at each cause (its samplers' base
   * class registers them once, when it is loaded).
   */
  public static void register(Function<Throwable, String> codes) {
    WORKLOAD_CODES.add(codes);
  }

  /** The response code for {@code e}. */
  public static String of(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      for (Function<Throwable, String> codes : WORKLOAD_CODES) {
        String code = codes.apply(t);
        if (code != null) {
          return code;
        }
      }
      if (t instanceof SQLException sql && sql.getSQLState() != null) {
        return sql.getSQLState();
      }
      String jms = jmsErrorCode(t);
      if (jms != null) {
        return jms;
      }
    }
    return e.getClass().getSimpleName();
  }

  /** A one-line message for {@code e}, naming its class when it has no message. */
  public static String message(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getName() : m.replace('\n', ' ');
  }

  /** Reads {@code getErrorCode()} of a javax/jakarta JMSException without linking either API. */
  private static String jmsErrorCode(Throwable t) {
    for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
      if (c.getSimpleName().equals("JMSException")
          || c.getSimpleName().equals("JMSRuntimeException")) {
        try {
          Object code = c.getMethod("getErrorCode").invoke(t);
          return code == null ? null : code.toString();
        } catch (ReflectiveOperationException ignored) {
          return null;
        }
      }
    }
    return null;
  }
}
