package io.loadlab.campaign.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a figure measures, known from its key as results name figures: {@code …Us} a time in
 * microseconds, {@code cpuUsPerOp} a CPU cost, {@code bytesPerSec} a byte rate, other {@code
 * …PerSec} a rate of operations or messages, {@code opm} orders per minute, {@code count} and
 * {@code errors} counts. Each has the units a report may show it in, with their size in the
 * quantity's base unit (µs, B/s, per second, opm, one).
 */
public enum Quantity {
  TIME("a time", times()),
  CPU_COST("a CPU cost", times()),
  BYTE_RATE("a byte rate", byteRates()),
  RATE("a rate", units("/s", 1, "ops/s", 1, "msg/s", 1, "tx/s", 1)),
  OPM("orders per minute", units("opm", 1)),
  COUNT("a count", units("count", 1));

  private final String description;
  private final Map<String, Double> units;

  Quantity(String description, Map<String, Double> units) {
    this.description = description;
    this.units = units;
  }

  /** How a message names it, e.g. "a byte rate". */
  public String description() {
    return description;
  }

  /** Its units, each with its size in the base unit, in the order a message lists them. */
  public Map<String, Double> units() {
    return units;
  }

  /**
   * The quantity figure {@code key} measures, or null for a figure none of these fits (a
   * percentage, a workload's own figure).
   */
  public static Quantity of(String key) {
    if (key == null) {
      return null;
    }
    if (key.equals("count") || key.equals("errors")) {
      return COUNT;
    }
    if (key.equals("opm")) {
      return OPM;
    }
    if (key.matches("[a-z][A-Za-z0-9]*UsPer[A-Z][A-Za-z0-9]*")) {
      return CPU_COST;
    }
    if (key.equals("bytesPerSec") || key.endsWith("BytesPerSec") || key.equals("mbPerSec")) {
      return BYTE_RATE;
    }
    if (key.equals("rate") || key.endsWith("PerSec") || key.endsWith("Rate")) {
      return RATE;
    }
    if (key.endsWith("Us") || key.endsWith("Ms")) {
      return TIME;
    }
    return null;
  }

  /** The size of figure {@code key}'s own unit in this quantity's base unit (ms: 1000 µs). */
  public double recordedIn(String key) {
    if (this == TIME && key.endsWith("Ms")) {
      return 1_000;
    }
    if (this == BYTE_RATE && key.equals("mbPerSec")) {
      return 1e6;
    }
    return 1;
  }

  /** The units as a message lists them: "ns, µs, ms or s". */
  public String listed() {
    String[] names = units.keySet().toArray(new String[0]);
    if (names.length == 1) {
      return names[0];
    }
    return String.join(", ", java.util.Arrays.copyOf(names, names.length - 1))
        + " or "
        + names[names.length - 1];
  }

  private static Map<String, Double> times() {
    return units("ns", 1e-3, "µs", 1, "ms", 1e3, "s", 1e6);
  }

  private static Map<String, Double> byteRates() {
    return units(
        "B/s", 1, "kB/s", 1e3, "MB/s", 1e6, "GB/s", 1e9, "KiB/s", 1024, "MiB/s", 1 << 20, "GiB/s",
        1 << 30, "kb/s", 1e3 / 8, "Mb/s", 1e6 / 8, "Gb/s", 1e9 / 8);
  }

  private static Map<String, Double> units(Object... nameAndSize) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < nameAndSize.length; i += 2) {
      m.put((String) nameAndSize[i], ((Number) nameAndSize[i + 1]).doubleValue());
    }
    return java.util.Collections.unmodifiableMap(m);
  }
}
