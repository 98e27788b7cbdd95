package io.loadlab.core.jms.providers;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.util.Texts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The built-in JMS providers, found by name. Each is made only when named, so that a provider's
 * classes are loaded only when it is used (a class path without one provider's client still runs
 * the others, and the {@code jndi} provider).
 */
public final class Providers {
  private static final Map<String, Supplier<JmsProvider>> BUILT_INS = new LinkedHashMap<>();

  static {
    BUILT_INS.put(QpidJmsProvider.NAME, QpidJmsProvider::new);
    BUILT_INS.put(ArtemisCoreProvider.NAME, ArtemisCoreProvider::new);
    BUILT_INS.put(ActiveMqProvider.NAME, ActiveMqProvider::new);
    BUILT_INS.put(RabbitMqJmsProvider.NAME, RabbitMqJmsProvider::new);
  }

  private static final JmsProvider DEFAULT = new QpidJmsProvider();

  private Providers() {}

  /** The default provider, Qpid JMS. */
  public static JmsProvider defaultProvider() {
    return DEFAULT;
  }

  /** Every built-in provider, the default first. */
  public static List<JmsProvider> builtIns() {
    return BUILT_INS.values().stream().map(Supplier::get).toList();
  }

  /** The built-in names, comma-separated. */
  public static String names() {
    return String.join(", ", BUILT_INS.keySet());
  }

  /**
   * The built-in provider named {@code name}.
   *
   * @param option the option that named it, for the message
   * @throws UsageException naming the choices if there is none by that name
   */
  public static JmsProvider named(String option, String name) {
    String wanted = name == null ? "" : name.strip();
    for (Map.Entry<String, Supplier<JmsProvider>> e : BUILT_INS.entrySet()) {
      if (e.getKey().equalsIgnoreCase(wanted)) {
        return e.getKey().equals(QpidJmsProvider.NAME) ? DEFAULT : e.getValue().get();
      }
    }
    throw new UsageException(
        option
            + ": '"
            + Texts.cut(wanted)
            + "' is not a JMS provider; use "
            + names()
            + " (or --jndi FILE for any other)");
  }
}
