package io.loadlab.core.jms.providers;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.util.Texts;
import java.util.List;
import java.util.stream.Collectors;

/** The built-in JMS providers, found by name. */
public final class Providers {
  private static final List<JmsProvider> BUILT_INS =
      List.of(
          new QpidJmsProvider(),
          new ArtemisCoreProvider(),
          new ActiveMqProvider(),
          new RabbitMqJmsProvider());

  private Providers() {}

  /** The default provider, Qpid JMS. */
  public static JmsProvider defaultProvider() {
    return BUILT_INS.get(0);
  }

  /** Every built-in provider, the default first. */
  public static List<JmsProvider> builtIns() {
    return BUILT_INS;
  }

  /** The built-in names, comma-separated. */
  public static String names() {
    return BUILT_INS.stream().map(JmsProvider::name).collect(Collectors.joining(", "));
  }

  /**
   * The built-in provider named {@code name}.
   *
   * @param option the option that named it, for the message
   * @throws UsageException naming the choices if there is none by that name
   */
  public static JmsProvider named(String option, String name) {
    String wanted = name == null ? "" : name.strip();
    for (JmsProvider p : BUILT_INS) {
      if (p.name().equalsIgnoreCase(wanted)) {
        return p;
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
