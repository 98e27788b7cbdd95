package io.loadlab.jmeter;

import io.loadlab.core.amqp.AmqpException;
import io.loadlab.core.ds2.Ds2StepException;
import java.sql.SQLException;

/**
 * The response code and message of a failed sample: the SQLSTATE of a database error, the JMS error
 * code of a messaging error (found through the cause chain), otherwise the exception's class name.
 * The same kinds are used by loadlab's own recorder, so JMeter and command-line runs agree.
 */
public final class ErrorCodes {
  private ErrorCodes() {}

  /** The response code for {@code e}. */
  public static String of(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof AmqpException amqp && amqp.kind() != null) {
        return amqp.kind();
      }
      if (t instanceof Ds2StepException step) {
        return of(step.sqlException());
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
