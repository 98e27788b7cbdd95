package io.loadlab.core.jms.providers;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks of the broker URLs the non-AMQP-1.0 providers take: one of the provider's schemes, each
 * address (also inside {@code failover:(…)} or {@code (…)}) with a host and a valid port.
 */
final class BrokerUrls {
  private BrokerUrls() {}

  /**
   * @param provider the provider's name, for messages
   * @param schemes the schemes of one address, e.g. {@code tcp}, {@code ssl}
   * @param example a URL to show
   */
  static void check(String provider, String url, List<String> schemes, String example) {
    String fix = "; use " + example + " with --provider " + provider;
    if (url == null || url.isBlank()) {
      throw new UsageException("--broker: a broker URL is needed" + fix);
    }
    for (String address : addresses(url.trim())) {
      URI parsed;
      try {
        parsed = new URI(address.trim());
      } catch (URISyntaxException e) {
        throw new UsageException(
            "--broker: '" + Texts.cut(Secrets.mask(url)) + "' is not a valid URL" + fix);
      }
      String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
      if (!schemes.contains(scheme)) {
        throw new UsageException(
            "--broker: '"
                + Texts.cut(Secrets.mask(url))
                + "' is not a URL "
                + provider
                + " takes ("
                + String.join("://, ", schemes)
                + "://)"
                + fix);
      }
      if (parsed.getHost() == null || parsed.getHost().isBlank()) {
        throw new UsageException(
            "--broker: '" + Texts.cut(Secrets.mask(url)) + "' names no host" + fix);
      }
    }
  }

  private static List<String> addresses(String url) {
    String rest = url;
    if (rest.toLowerCase(Locale.ROOT).startsWith("failover:")) {
      rest = rest.substring("failover:".length());
    }
    if (rest.startsWith("(")) {
      int close = rest.indexOf(')');
      rest = close < 0 ? rest.substring(1) : rest.substring(1, close);
    } else {
      return List.of(rest);
    }
    List<String> list = new ArrayList<>();
    for (String part : rest.split(",")) {
      list.add(part);
    }
    return list;
  }

  /** {@code url} with {@code option} added to its query (after any closing parenthesis). */
  static String withOption(String url, String option) {
    int close = url.lastIndexOf(')');
    boolean hasQuery = url.indexOf('?', Math.max(close, 0)) >= 0;
    return url + (hasQuery ? "&" : "?") + option;
  }
}
