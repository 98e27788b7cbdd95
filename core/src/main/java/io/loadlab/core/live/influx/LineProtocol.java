package io.loadlab.core.live.influx;

import java.util.Map;

/** InfluxDB's line protocol: one point per line, escaped as its reference says. */
final class LineProtocol {
  private LineProtocol() {}

  /**
   * One point: {@code measurement,tag=value,... field=value,... timestamp}. Numbers are written as
   * floats (no {@code i} suffix), as JMeter writes them, so the fields' types agree with a database
   * JMeter already writes to; strings are quoted.
   */
  static String point(
      String measurement, Map<String, String> tags, Map<String, Object> fields, long epochNanos) {
    StringBuilder b = new StringBuilder(160);
    b.append(escape(measurement, ", "));
    for (Map.Entry<String, String> t : tags.entrySet()) {
      if (t.getValue() == null || t.getValue().isEmpty()) {
        continue; // InfluxDB refuses empty tag values
      }
      b.append(',').append(escape(t.getKey(), ",= ")).append('=');
      b.append(escape(t.getValue(), ",= "));
    }
    char sep = ' ';
    for (Map.Entry<String, Object> f : fields.entrySet()) {
      Object v = f.getValue();
      if (v == null || (v instanceof Double d && (d.isNaN() || d.isInfinite()))) {
        continue;
      }
      b.append(sep).append(escape(f.getKey(), ",= ")).append('=');
      if (v instanceof Number n) {
        b.append(number(n.doubleValue()));
      } else {
        b.append('"').append(v.toString().replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      }
      sep = ',';
    }
    return b.append(' ').append(epochNanos).toString();
  }

  private static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  private static String escape(String text, String special) {
    StringBuilder b = new StringBuilder(text.length() + 4);
    for (char c : text.toCharArray()) {
      if (c == '\n' || c == '\r') {
        c = ' ';
      }
      if (special.indexOf(c) >= 0) {
        b.append('\\');
      }
      b.append(c);
    }
    return b.toString();
  }
}
