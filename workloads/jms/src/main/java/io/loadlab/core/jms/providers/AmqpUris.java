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
 * Checks that a broker URI is an AMQP URI ({@code amqp://}, {@code amqps://}, {@code amqpws://},
 * {@code amqpwss://} or {@code failover:}) and names a broker in full: every address (each one
 * inside {@code failover:(...)}) has a host and, if it has a port, a valid one. An incomplete URI
 * is refused, never completed to localhost.
 */
final class AmqpUris {
  private static final List<String> SCHEMES =
      List.of("amqp://", "amqps://", "amqpws://", "amqpwss://", "failover:");

  private AmqpUris() {}

  /**
   * Throws a {@link UsageException} naming {@code --broker} if the URI is missing, not an AMQP URI,
   * or an address in it is incomplete.
   */
  static void check(String uri) {
    if (uri == null || uri.isBlank()) {
      throw new UsageException("--broker: a broker URI is needed, e.g. amqp://localhost:5672");
    }
    String lower = uri.trim().toLowerCase(Locale.ROOT);
    if (SCHEMES.stream().noneMatch(lower::startsWith)) {
      throw new UsageException(
          "--broker: '"
              + Texts.cut(Secrets.mask(uri))
              + "' is not an AMQP URI; use amqp://host:port, amqps://host:port or"
              + " failover:(amqp://a:5672,amqp://b:5672)");
    }
    for (String address : addresses(uri.trim())) {
      checkAddress(uri, address.trim());
    }
  }

  private static List<String> addresses(String uri) {
    if (!uri.toLowerCase(Locale.ROOT).startsWith("failover:")) {
      return List.of(uri);
    }
    String rest = uri.substring("failover:".length());
    if (rest.startsWith("(")) {
      int close = rest.indexOf(')');
      if (close < 0) {
        throw new UsageException(
            "--broker: '"
                + Texts.cut(Secrets.mask(uri))
                + "' has no closing ')'; use failover:(amqp://a:5672,amqp://b:5672)");
      }
      rest = rest.substring(1, close);
    } else {
      int query = rest.indexOf('?');
      rest = query < 0 ? rest : rest.substring(0, query);
    }
    List<String> list = new ArrayList<>();
    for (String part : rest.split(",")) {
      list.add(part);
    }
    return list;
  }

  private static void checkAddress(String whole, String address) {
    String fix = "; use amqp://host:port, e.g. amqp://broker.example:5672";
    URI parsed;
    if (address.endsWith("://")) {
      throw new UsageException(
          "--broker: '" + Texts.cut(Secrets.mask(whole)) + "' names no host" + fix);
    }
    try {
      parsed = new URI(address);
    } catch (URISyntaxException e) {
      throw new UsageException(
          "--broker: '"
              + Texts.cut(Secrets.mask(whole))
              + "' is not a valid URI ("
              + e.getReason()
              + ")"
              + fix);
    }
    String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.startsWith("amqp")) {
      throw new UsageException(
          "--broker: '"
              + Texts.cut(Secrets.mask(address))
              + "' is not an amqp:// or amqps:// address"
              + fix);
    }
    String authority = parsed.getRawAuthority();
    if (authority == null || authority.isBlank()) {
      throw new UsageException(
          "--broker: '" + Texts.cut(Secrets.mask(whole)) + "' names no host" + fix);
    }
    String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
    String host = hostPort;
    String port = null;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      host = close < 0 ? hostPort : hostPort.substring(0, close + 1);
      port = close >= 0 && hostPort.length() > close + 1 ? hostPort.substring(close + 2) : null;
    } else if (hostPort.contains(":")) {
      host = hostPort.substring(0, hostPort.indexOf(':'));
      port = hostPort.substring(hostPort.indexOf(':') + 1);
    }
    if (host.isBlank()) {
      throw new UsageException(
          "--broker: '" + Texts.cut(Secrets.mask(whole)) + "' names no host" + fix);
    }
    if (port != null) {
      // ASCII digits only: parseInt would take other scripts' digits.
      int n = port.matches("[0-9]{1,5}") ? Integer.parseInt(port) : -1;
      if (n < 1 || n > 65535) {
        throw new UsageException(
            "--broker: '"
                + Texts.cut(Secrets.mask(whole))
                + "' has port '"
                + Texts.cut(port)
                + "'; use a port from 1 to 65535, e.g. amqp://"
                + host
                + ":5672");
      }
    }
  }
}
