package io.loadlab.cli;

import java.util.Map;

/**
 * Other names of command groups: {@code jms} for {@code amqp}, whose commands run on any JMS
 * provider ({@code --provider}), not only over AMQP. Existing plans and campaigns keep {@code
 * amqp}; both run the same commands with the same options.
 */
final class CommandAliases {
  private static final Map<String, String> GROUPS = Map.of("jms", "amqp");

  private CommandAliases() {}

  /** The arguments with an alias in first place replaced by the group's name. */
  static String[] canonical(String[] args) {
    if (args.length == 0 || !GROUPS.containsKey(args[0])) {
      return args;
    }
    String[] copy = args.clone();
    copy[0] = GROUPS.get(args[0]);
    return copy;
  }

  /** A command's words (such as {@code jms throughput}) with an alias replaced. */
  static String canonical(String words) {
    if (words == null) {
      return null;
    }
    int space = words.indexOf(' ');
    String first = space < 0 ? words : words.substring(0, space);
    String group = GROUPS.get(first);
    return group == null ? words : group + words.substring(first.length());
  }
}
