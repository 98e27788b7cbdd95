package io.loadlab.provision.tuning;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what {@code ethtool -k} (features) and {@code ethtool -c} (coalescing) print. */
final class EthtoolOutput {
  private static final Pattern ADAPTIVE =
      Pattern.compile("Adaptive RX:\\s*(\\S+)\\s+TX:\\s*(\\S+)");
  private static final Pattern CQE = Pattern.compile("CQE mode RX:\\s*(\\S+)\\s+TX:\\s*(\\S+)");

  private EthtoolOutput() {}

  /**
   * A feature's state.
   *
   * @param on whether it is on
   * @param fixed whether the driver lets it be changed ({@code [fixed]} means it does not)
   */
  record Feature(boolean on, boolean fixed) {}

  /** Features by the long name {@code ethtool -k} prints, e.g. {@code large-receive-offload}. */
  static Map<String, Feature> features(String text) {
    Map<String, Feature> m = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] kv = line.trim().split(":\\s*", 2);
      if (kv.length == 2 && (kv[1].startsWith("on") || kv[1].startsWith("off"))) {
        m.put(kv[0], new Feature(kv[1].startsWith("on"), kv[1].contains("[fixed]")));
      }
    }
    return m;
  }

  /**
   * Coalescing parameters by the names {@code ethtool -C} takes: counts as digits, switches as
   * {@code on}/{@code off}; a parameter the driver lacks is {@code n/a} (or absent).
   */
  static Map<String, String> coalescing(String text) {
    Map<String, String> m = new LinkedHashMap<>();
    Matcher a = ADAPTIVE.matcher(text);
    if (a.find()) {
      m.put("adaptive-rx", a.group(1));
      m.put("adaptive-tx", a.group(2));
    }
    Matcher c = CQE.matcher(text);
    if (c.find()) {
      m.put("cqe-mode-rx", c.group(1));
      m.put("cqe-mode-tx", c.group(2));
    }
    for (String line : text.split("\n")) {
      String[] kv = line.trim().split(":\\s*", 2);
      if (kv.length == 2 && kv[0].matches("[a-z]+(-[a-z]+)+")) {
        m.put(kv[0], kv[1].trim());
      }
    }
    return m;
  }
}
