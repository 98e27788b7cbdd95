package io.loadlab.jmh;

/**
 * The systems the driver benchmarks run against, from system properties; when a property is not
 * set, the benchmark starts an embedded one of its own. Set them on the command line ({@code java
 * -Dloadlab.broker=amqp://host:5672 -jar benchmarks.jar}); JMH passes the host JVM's options to its
 * forks. Passwords never go in properties: they come from environment variables.
 */
public final class Targets {
  /** An AMQP broker URI, such as {@code amqp://broker:5672}; password in LOADLAB_AMQP_PASSWORD. */
  public static final String BROKER = "loadlab.broker";

  /** The AMQP user name. */
  public static final String BROKER_USER = "loadlab.broker.user";

  /**
   * A JDBC URL of a loaded DS2 database, such as {@code jdbc:postgresql://db:5432/ds2}; password in
   * LOADLAB_DB_PASSWORD.
   */
  public static final String JDBC = "loadlab.jdbc";

  /** The database user name. */
  public static final String JDBC_USER = "loadlab.jdbc.user";

  /** The DS2 size the database was loaded with ({@code 10MB}, {@code 1GB}, ...; default 10MB). */
  public static final String DS2_SIZE = "loadlab.ds2.size";

  /** Where the embedded PostgreSQL keeps its data (default {@code ~/.loadlab/pg-jmh}). */
  public static final String PG_DATA = "loadlab.pgdata";

  /** A {@code loadlab net serve} responder, as {@code host:port}. */
  public static final String NET = "loadlab.net";

  private Targets() {}

  /** The property's value, or {@code null} if it is unset or blank. */
  public static String get(String property) {
    String v = System.getProperty(property);
    return v == null || v.isBlank() ? null : v.trim();
  }

  /** Prints a line into JMH's output, marked as a comment as JMH marks its own. */
  public static void note(String line) {
    System.out.println("# loadlab: " + line);
  }
}
