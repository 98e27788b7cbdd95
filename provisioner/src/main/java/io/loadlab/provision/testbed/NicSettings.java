package io.loadlab.provision.testbed;

import io.loadlab.core.util.NearestName;
import io.loadlab.core.util.Texts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * The NIC settings a host's tuning gives per interface, {@code offloads} ({@code ethtool -K}) and
 * {@code coalescing} ({@code ethtool -C}), as names and values in ethtool's own words; and which
 * names and values ethtool takes, so a typo is refused before anything is touched.
 */
public final class NicSettings {
  /** An interface name as the kernel allows it: up to 15 characters, no slash or space. */
  public static final Pattern INTERFACE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,14}");

  /** {@code ethtool -K}'s short feature names and the names {@code ethtool -k} prints for them. */
  public static final Map<String, String> FEATURES = features();

  /** Coalescing switches ({@code on|off}); every other coalescing parameter is a count. */
  static final Set<String> COALESCING_SWITCHES =
      Set.of("adaptive-rx", "adaptive-tx", "cqe-mode-rx", "cqe-mode-tx");

  static final List<String> COALESCING =
      List.of(
          "adaptive-rx",
          "adaptive-tx",
          "rx-usecs",
          "rx-frames",
          "rx-usecs-irq",
          "rx-frames-irq",
          "tx-usecs",
          "tx-frames",
          "tx-usecs-irq",
          "tx-frames-irq",
          "stats-block-usecs",
          "sample-interval",
          "pkt-rate-low",
          "rx-usecs-low",
          "rx-frames-low",
          "tx-usecs-low",
          "tx-frames-low",
          "pkt-rate-high",
          "rx-usecs-high",
          "rx-frames-high",
          "tx-usecs-high",
          "tx-frames-high",
          "cqe-mode-rx",
          "cqe-mode-tx");

  private NicSettings() {}

  /**
   * One interface's settings.
   *
   * @param device the interface
   * @param values setting name to value, in the file's order ({@code on}/{@code off} or a count)
   */
  public record Entry(String device, Map<String, String> values) {}

  private static Map<String, String> features() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("lro", "large-receive-offload");
    m.put("gro", "generic-receive-offload");
    m.put("gso", "generic-segmentation-offload");
    m.put("tso", "tcp-segmentation-offload");
    m.put("ufo", "udp-fragmentation-offload");
    m.put("sg", "scatter-gather");
    m.put("rx", "rx-checksumming");
    m.put("tx", "tx-checksumming");
    m.put("rxvlan", "rx-vlan-offload");
    m.put("txvlan", "tx-vlan-offload");
    m.put("ntuple", "ntuple-filters");
    m.put("rxhash", "receive-hashing");
    for (String longName :
        List.of(
            "rx-gro-hw",
            "rx-gro-list",
            "rx-udp-gro-forwarding",
            "tx-udp-segmentation",
            "tx-nocache-copy",
            "rx-vlan-filter",
            "rx-all",
            "rx-fcs",
            "highdma",
            "loopback",
            "hw-tc-offload")) {
      m.put(longName, longName);
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  /** The name {@code ethtool -k} prints for a feature given by its short or long name. */
  public static String featureName(String name) {
    String longName = FEATURES.get(name);
    return longName != null ? longName : name;
  }

  /** The host's {@code offloads} entries. */
  public static List<Entry> offloads(Tuning t) {
    return entries(t.offloads());
  }

  /** The host's {@code coalescing} entries. */
  public static List<Entry> coalescing(Tuning t) {
    return entries(t.coalescing());
  }

  private static List<Entry> entries(List<Map<String, Object>> raw) {
    List<Entry> list = new ArrayList<>();
    for (Map<String, Object> m : raw) {
      Map<String, String> values = new LinkedHashMap<>();
      m.forEach(
          (k, v) -> {
            if (!k.equals("device")) {
              values.put(k, text(v));
            }
          });
      list.add(new Entry(m.get("device") instanceof String d ? d : null, values));
    }
    return list;
  }

  /** A YAML value as ethtool takes it: booleans as on/off (YAML 1.1 reads {@code off} as false). */
  private static String text(Object v) {
    if (v instanceof Boolean b) {
      return b ? "on" : "off";
    }
    return v == null ? null : v.toString();
  }

  /**
   * Reports each problem of a host's {@code offloads} and {@code coalescing}: a missing or invalid
   * device, an unknown name, a value of the wrong kind, a device listed twice.
   *
   * @param field the tuning's field, e.g. {@code hosts.kvm1.tuning}
   * @param problem receives the field and the problem
   */
  static void check(String field, Tuning t, BiConsumer<String, String> problem) {
    check(field + ".offloads", t.offloads(), true, problem);
    check(field + ".coalescing", t.coalescing(), false, problem);
  }

  private static void check(
      String field,
      List<Map<String, Object>> raw,
      boolean offloads,
      BiConsumer<String, String> problem) {
    List<String> known = offloads ? List.copyOf(FEATURES.keySet()) : COALESCING;
    Set<String> devices = new java.util.HashSet<>();
    for (int i = 0; i < raw.size(); i++) {
      String at = field + "[" + i + "]";
      Map<String, Object> m = raw.get(i) == null ? Map.of() : raw.get(i);
      Object device = m.get("device");
      String example =
          offloads ? "{device: eth2, lro: off}" : "{device: eth2, rx-usecs: 0, adaptive-rx: off}";
      if (!(device instanceof String d) || !INTERFACE.matcher(d).matches()) {
        problem.accept(
            at + ".device",
            (device == null ? "missing" : "'" + Texts.cut(device) + "' is not an interface name")
                + "; give the interface, e.g. "
                + example);
      } else if (!devices.add(d)) {
        problem.accept(at + ".device", d + " is listed twice; give each interface once");
      }
      if (m.size() - (m.containsKey("device") ? 1 : 0) < 1) {
        problem.accept(at, "no settings; give at least one, e.g. " + example);
      }
      for (Map.Entry<String, Object> e : m.entrySet()) {
        String name = e.getKey();
        if (name.equals("device")) {
          continue;
        }
        if (!known.contains(name)) {
          String nearest = NearestName.of(name, known);
          problem.accept(
              at + "." + name,
              "unknown "
                  + (offloads ? "feature" : "coalescing parameter")
                  + (nearest == null ? "" : "; did you mean '" + nearest + "'?")
                  + "; use "
                  + String.join(", ", known));
          continue;
        }
        boolean isSwitch = offloads || COALESCING_SWITCHES.contains(name);
        String value = text(e.getValue());
        if (isSwitch && !("on".equals(value) || "off".equals(value))) {
          problem.accept(
              at + "." + name, "'" + Texts.cut(value) + "' is not on or off; use on or off");
        } else if (!isSwitch && !isCount(e.getValue())) {
          problem.accept(
              at + "." + name,
              "'" + Texts.cut(value) + "' is not a whole number of 0 or more; give e.g. 0 or 64");
        }
      }
    }
  }

  private static boolean isCount(Object v) {
    return (v instanceof Integer || v instanceof Long)
        && ((Number) v).longValue() >= 0
        && ((Number) v).longValue() <= 0xffff_ffffL;
  }
}
