package io.loadlab.jmeter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A JMeter CSV results file (JTL) with its header line, read into rows of named fields. */
public final class Jtl {
  private final List<Map<String, String>> rows;

  private Jtl(List<Map<String, String>> rows) {
    this.rows = rows;
  }

  /** Reads a JTL written with JMeter's default CSV settings. */
  public static Jtl read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    if (lines.isEmpty()) {
      return new Jtl(List.of());
    }
    List<String> header = split(lines.get(0));
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      if (line.isBlank()) {
        continue;
      }
      List<String> fields = split(line);
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.size() && i < fields.size(); i++) {
        row.put(header.get(i), fields.get(i));
      }
      rows.add(row);
    }
    return new Jtl(rows);
  }

  public List<Map<String, String>> rows() {
    return rows;
  }

  /** The rows with this label. */
  public List<Map<String, String>> label(String label) {
    return rows.stream().filter(r -> label.equals(r.get("label"))).toList();
  }

  /** The rows whose success column is false. */
  public List<Map<String, String>> failures() {
    return rows.stream().filter(r -> !"true".equals(r.get("success"))).toList();
  }

  private static List<String> split(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cur.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cur.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        fields.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    fields.add(cur.toString());
    return fields;
  }
}
