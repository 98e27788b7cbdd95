package io.loadlab.core.amqp;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A broker's refusal of something a run asked for (a queue it does not have, a feature it does not
 * implement, an address the user may not use), turned into one line with the broker's condition and
 * the fix. A refusal is a setting to change: exit code 2.
 */
public final class BrokerRefusal {
  private static final Pattern CONDITION = Pattern.compile("condition = (amqp:[a-z-]+)");

  private BrokerRefusal() {}

  /** The AMQP error condition in a failure's messages, e.g. {@code amqp:not-found}, or null. */
  public static String condition(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null) {
        Matcher m = CONDITION.matcher(t.getMessage());
        if (m.find()) {
          return m.group(1);
        }
      }
      if (t.getMessage() != null
          && t.getMessage().toLowerCase(Locale.ROOT).contains("does not support shared")) {
        return "amqp:not-implemented";
      }
    }
    return null;
  }

  /**
   * The refusal for a failure, or {@code null} if it is not one (a connection that went away).
   *
   * @param settings the connection (user, profile, names of the settings)
   * @param what what was asked, e.g. {@code "a transacted session"} or {@code "subscribe to X"}
   * @param fixForNotImplemented the fix if the broker does not implement it, e.g. {@code "drop
   *     --tx"}
   * @param queues the queues the run needs (listed when the broker has none of them)
   */
  public static LoadlabException of(
      AmqpConnectionSettings settings,
      Throwable e,
      String what,
      String fixForNotImplemented,
      List<String> queues) {
    return of(settings, e, what, fixForNotImplemented, queues, null);
  }

  /**
   * The refusal for a failure, as {@link #of(AmqpConnectionSettings, Throwable, String, String,
   * List)}; a broker that has none of the queues is asked for {@code queues}, named from {@code
   * baseName}, with the {@code --base-name} to run with: names that stay the same from run to run,
   * where the run's own may have been made up for it.
   *
   * @param baseName the base name of {@code queues}, or null to name no {@code --base-name}
   */
  public static LoadlabException of(
      AmqpConnectionSettings settings,
      Throwable e,
      String what,
      String fixForNotImplemented,
      List<String> queues,
      String baseName) {
    String condition = condition(e);
    if (condition == null && timedOut(e) && !fixForNotImplemented.isEmpty()) {
      return new UsageException(
          "the broker at "
              + Secrets.mask(settings.uri())
              + " did not answer a request to "
              + what
              + " in time; it likely does not support it: "
              + fixForNotImplemented,
          e);
    }
    if (condition == null) {
      return null;
    }
    String reason = reason(e);
    String broker = "the broker at " + Secrets.mask(settings.uri());
    String fix;
    switch (condition) {
      case "amqp:not-found" -> {
        if (queues.isEmpty()) {
          fix =
              fixForNotImplemented.isEmpty()
                  ? "create it on the broker, or use --broker-profile for this broker's addresses"
                  : fixForNotImplemented;
        } else {
          fix =
              "it creates no queue on demand: create the queues "
                  + String.join(", ", queues)
                  + " on the broker"
                  + (baseName == null
                      ? " (or name existing ones with --base-name)"
                      : " and run with --base-name " + baseName);
        }
      }
      case "amqp:not-implemented", "amqp:not-allowed" -> fix = fixForNotImplemented;
      case "amqp:unauthorized-access" -> {
        fix =
            (settings.user() == null
                    ? "anonymous users"
                    : "user '" + Texts.cut(settings.user()) + "'")
                + " may not do this: grant it on the broker, or use another "
                + settings.names().user()
                + " or --base-name";
      }
      case "amqp:resource-limit-exceeded" ->
          fix = "the broker is at a limit (connections, queues, memory or disk): raise it";
      default -> {
        return null;
      }
    }
    return new UsageException(
        broker + " refused to " + what + " (" + condition + ": " + reason + "); " + fix, e);
  }

  private static boolean timedOut(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getClass().getSimpleName().contains("TimedOut")
          || t instanceof java.util.concurrent.TimeoutException) {
        return true;
      }
    }
    return false;
  }

  private static String reason(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    m = m.replaceAll("\\s*\\[condition = [^\\]]*\\]", "");
    int nl = m.indexOf('\n');
    return Secrets.mask(nl < 0 ? m : m.substring(0, nl)).strip();
  }
}
