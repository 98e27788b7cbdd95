package io.loadlab.core.jtl;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of a CSV file as JMeter writes it: comma-separated, a field holding a comma, a quote or a
 * line break quoted with double quotes (a quote doubled inside). Reads with its own buffer, one
 * field list reused per row, so a million rows parse in about a second.
 */
final class CsvRows {
  private final Reader in;
  private final char[] buf = new char[1 << 16];
  private int pos;
  private int len;
  private final StringBuilder field = new StringBuilder();
  private final List<String> row = new ArrayList<>();
  private long line;
  private boolean[] keep;

  CsvRows(Reader in) {
    this.in = in;
  }

  /**
   * Keeps only the fields whose index is true (the others read as empty), so the fields nobody
   * reads cost no string; {@code null} keeps all.
   */
  void keep(boolean[] keep) {
    this.keep = keep;
  }

  private void endField() {
    int i = row.size();
    row.add(keep == null || (i < keep.length && keep[i]) ? field.toString() : "");
    field.setLength(0);
  }

  /** The line number the last row started on (1 for the first). */
  long line() {
    return line;
  }

  /** The next row's fields (the same list, refilled), or {@code null} at the end. */
  List<String> next() throws IOException {
    row.clear();
    int c = read();
    while (c == '\r' || c == '\n') {
      if (c == '\n') {
        line++;
      }
      c = read();
    }
    if (c < 0) {
      return null;
    }
    line++;
    field.setLength(0);
    boolean quoted = false;
    boolean wasQuoted = false;
    while (true) {
      if (quoted) {
        if (c < 0) {
          break;
        }
        if (c == '"') {
          int d = read();
          if (d == '"') {
            field.append('"');
          } else {
            quoted = false;
            c = d;
            continue;
          }
        } else {
          if (c == '\n') {
            line++;
          }
          field.append((char) c);
        }
      } else if (c == '"' && field.length() == 0 && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
      } else if (c == ',') {
        endField();
        wasQuoted = false;
      } else if (c == '\n' || c == '\r' || c < 0) {
        endField();
        return row;
      } else {
        field.append((char) c);
      }
      c = read();
    }
    endField();
    return row;
  }

  private int read() throws IOException {
    if (pos == len) {
      len = in.read(buf, 0, buf.length);
      pos = 0;
      if (len <= 0) {
        len = 0;
        return -1;
      }
    }
    return buf[pos++];
  }
}
