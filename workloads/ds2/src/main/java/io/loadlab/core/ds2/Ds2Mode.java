package io.loadlab.core.ds2;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.util.Locale;

/**
 * How a DS2 client sends each step of a user session to the database.
 *
 * <p>With {@link #STATEMENTS} every step is plain prepared statements (a purchase is a pipelined
 * statement list and a COMMIT: two round trips). With {@link #FUNCTIONS} every step is one call of
 * a server-side function that loadlab's schema creates ({@link
 * io.loadlab.core.ds2.schema.Ds2Functions}), one round trip per step as DVD Store's own driver
 * makes; PostgreSQL only. Both leave the same rows in the database for the same sessions.
 */
public enum Ds2Mode {
  /** Functions on PostgreSQL, statements on other databases. */
  AUTO,
  /** Plain prepared statements. */
  STATEMENTS,
  /** One call of loadlab's server-side function per step (PostgreSQL). */
  FUNCTIONS;

  /** Parses an option's value ({@code auto}, {@code statements}, {@code functions}). */
  public static Ds2Mode parse(String option, String value) {
    for (Ds2Mode m : values()) {
      if (m.name().equalsIgnoreCase(value.trim())) {
        return m;
      }
    }
    throw new UsageException(
        "--"
            + option
            + ": '"
            + Texts.cut(value)
            + "' is not a mode; use auto, statements or functions");
  }

  /** The mode on a database of {@code postgres} kind or not: never {@link #AUTO}. */
  public Ds2Mode on(boolean postgres) {
    return this == AUTO ? (postgres ? FUNCTIONS : STATEMENTS) : this;
  }

  /** The option value, in lower case. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
