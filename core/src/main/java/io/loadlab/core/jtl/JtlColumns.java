package io.loadlab.core.jtl;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.nio.file.Path;
import java.util.List;

/** Where the fields are, from the header line or JMeter's defaults. */
final class JtlColumns {
  final boolean header;
  final int timeStamp;
  final int elapsed;
  final int label;
  final int responseCode;
  final int success;
  final int failureMessage;
  final int bytes;
  final int sentBytes;

  private JtlColumns(boolean header, List<String> names) {
    this.header = header;
    this.timeStamp = names.indexOf("timeStamp");
    this.elapsed = names.indexOf("elapsed");
    this.label = names.indexOf("label");
    this.responseCode = names.indexOf("responseCode");
    this.success = names.indexOf("success");
    this.failureMessage = names.indexOf("failureMessage");
    this.bytes = names.indexOf("bytes");
    this.sentBytes = names.indexOf("sentBytes");
  }

  static JtlColumns of(List<String> first, Path file) {
    if (first.contains("timeStamp") || first.contains("elapsed")) {
      JtlColumns c = new JtlColumns(true, List.copyOf(first));
      if (c.timeStamp < 0 || c.elapsed < 0 || c.label < 0) {
        throw new UsageException(
            file
                + ": the header has no timeStamp, elapsed or label column; save them"
                + " (jmeter.save.saveservice.timestamp, .time, .label = true)");
      }
      return c;
    }
    if (first.size() < 3 || first.get(0).startsWith("<")) {
      throw new UsageException(
          file
              + " is not a CSV JTL; write it with -l FILE and jmeter.save.saveservice.output_format=csv");
    }
    return new JtlColumns(false, JtlImporter.DEFAULT_COLUMNS);
  }

  /** A mask of the given column indexes, for {@link CsvRows#keep}. */
  boolean[] mask(int... columns) {
    int max = 0;
    for (int c : columns) {
      max = Math.max(max, c + 1);
    }
    boolean[] m = new boolean[max];
    for (int c : columns) {
      if (c >= 0) {
        m[c] = true;
      }
    }
    return m;
  }

  long timeStamp(List<String> row, long line, Path file) {
    return number(row, timeStamp, "timeStamp", line, file);
  }

  long elapsed(List<String> row, long line, Path file) {
    return number(row, elapsed, "elapsed", line, file);
  }

  static String field(List<String> row, int i) {
    return i >= 0 && i < row.size() ? row.get(i) : "";
  }

  static long number(List<String> row, int i, String name, long line, Path file) {
    String s = field(row, i);
    try {
      return Long.parseLong(ascii(s));
    } catch (NumberFormatException e) {
      throw new UsageException(
          file
              + " line "
              + line
              + ": "
              + name
              + " '"
              + Texts.cut(s)
              + "' is not a whole number; write the JTL with"
              + " jmeter.save.saveservice.timestamp_format=ms");
    }
  }

  static long optional(List<String> row, int i) {
    String s = field(row, i);
    if (s.isEmpty()) {
      return 0;
    }
    try {
      return Long.parseLong(ascii(s));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The text if it is written with ASCII digits (parseLong alone takes any script's digits). */
  private static String ascii(String s) {
    if (!s.matches("[+-]?[0-9]+")) {
      throw new NumberFormatException(s);
    }
    return s;
  }
}
