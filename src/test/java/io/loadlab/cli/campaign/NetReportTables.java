package io.loadlab.cli.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The first tables of the two network lab reports, written down from the seeds
 * (/work/shared/seeds/001 and 002) as loadlab renders them (docs/campaigns.md, "Tables"): the
 * report's "usec" is µs, "Mb/sec" Mb/s, "tx/sec" tx/s, "MB/sec" MB/s, "msec/tx" and "msec/MB" ms
 * per transaction or per MB; and where the example files and their report.md hold them.
 */
public final class NetReportTables {
  private NetReportTables() {}

  /** The examples directory of the repository. */
  public static final Path EXAMPLES =
      Path.of(System.getProperty("user.dir")).resolveSibling("examples");

  /** Seed 001 (SPARC T7-1): the tables' titles, TCP then UDP. */
  public static final List<String> SPARC_TITLES = List.of("TCP", "UDP");

  /** Seed 001: the header of both tables, row label first. */
  public static final List<String> SPARC_HEADER =
      List.of(
          "Networking Method",
          "Netperf Latency (µs) MTU=1500",
          "Netperf Latency (µs) MTU=9000",
          "Bandwidth (Mb/s) MTU=1500",
          "Bandwidth (Mb/s) MTU=9000");

  /** Seed 001: the rows of both tables, in the report's order. */
  public static final List<String> SPARC_ROWS =
      List.of("Native/Bare Metal", "assigned I/O", "SR-IOV", "paravirtual I/O");

  /** Seed 002, Table 4 (OSA Express GbE, QDIO mode): its title. */
  public static final String ZVM_TABLE_4 = "Throughput and CPU Time: QDIO GbE";

  /** Seed 002, Table 7 (virtual CTC): its title. */
  public static final String ZVM_TABLE_7 = "Throughput and CPU Time: VCTC";

  /** Seed 002, Tables 4-7: the rows, numbers of users. */
  public static final List<String> ZVM_USERS = List.of("1", "10", "20", "50");

  /** Seed 002, Tables 4-7: the workloads' figures with their units, in the report's order. */
  public static final List<String> ZVM_VALUES =
      List.of(
          "RR Throughput (tx/s)",
          "CRR Throughput (tx/s)",
          "STRG Throughput (MB/s)",
          "RR CPU time per tx (ms)",
          "CRR CPU time per tx (ms)",
          "STRG CPU time per MB (ms)");

  /**
   * Seed 002 as printed: the header of a table with its values in rows (a row per workload and
   * users), a column per MTU size.
   */
  public static List<String> zvmPrintedHeader(String rowLabel, int... mtus) {
    List<String> out = new ArrayList<>(List.of(rowLabel));
    for (int mtu : mtus) {
      out.add("MTU=" + mtu);
    }
    return out;
  }

  /** Seed 002 as printed: the row labels, each value's users in turn ({@code RR … / 10}). */
  public static List<String> zvmPrintedRows(List<String> values, List<String> users) {
    List<String> out = new ArrayList<>();
    values.forEach(v -> users.forEach(u -> out.add(v + " / " + u)));
    return out;
  }

  /** A table's values as their headers show them: {@code RR Throughput (tx/s)}. */
  public static List<String> valueHeaders(JsonNode table) {
    List<String> out = new ArrayList<>();
    for (JsonNode v : table.get("values")) {
      out.add(v.get("label").asText() + " (" + v.get("unit").asText() + ")");
    }
    return out;
  }

  /** A campaign file as a tree. */
  public static JsonNode read(Path file) throws IOException {
    return new YAMLMapper().readTree(file.toFile());
  }

  /**
   * The header a layout table of the campaign file renders (docs/campaigns.md): the row label, then
   * per value and per column combination {@code <label> (<unit>)} and {@code <factor>=<value>}, the
   * column factor's values in the configurations' order.
   */
  public static List<String> header(JsonNode campaign, JsonNode table) {
    List<String> out = new ArrayList<>(List.of(table.get("row-label").asText()));
    String column = table.get("columns").get(0).asText();
    List<String> columnValues = new ArrayList<>();
    for (JsonNode c : campaign.get("configurations")) {
      String v = c.get("attributes").get(column).asText();
      if (matches(c, table) && !columnValues.contains(v)) {
        columnValues.add(v);
      }
    }
    if (table.path("values-in").asText().equals("rows")) {
      columnValues.forEach(cv -> out.add(column + "=" + cv));
      return out;
    }
    for (JsonNode v : table.get("values")) {
      for (String cv : columnValues) {
        out.add(v.get("label").asText() + " (" + v.get("unit").asText() + ") " + column + "=" + cv);
      }
    }
    return out;
  }

  /** The values of a configuration attribute, in the configurations' order, once each. */
  public static List<String> attributeValues(JsonNode campaign, String attribute) {
    List<String> out = new ArrayList<>();
    for (JsonNode c : campaign.get("configurations")) {
      String v = c.get("attributes").get(attribute).asText();
      if (!out.contains(v)) {
        out.add(v);
      }
    }
    return out;
  }

  private static boolean matches(JsonNode configuration, JsonNode table) {
    JsonNode where = table.path("where");
    for (var it = where.fields(); it.hasNext(); ) {
      var e = it.next();
      JsonNode a = configuration.get("attributes").get(e.getKey());
      if (a != null && !a.asText().equals(e.getValue().asText())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The table under {@code ## title} in a report.md: its lines starting with {@code |}, split into
   * cells (the separator line left out).
   */
  public static List<List<String>> markdownTable(String reportMd, String title) {
    String[] lines = reportMd.split("\n");
    int i = 0;
    while (i < lines.length && !lines[i].strip().equals("## " + title)) {
      i++;
    }
    if (i == lines.length) {
      throw new AssertionError("no '## " + title + "' in report.md:\n" + reportMd);
    }
    while (i < lines.length && !lines[i].startsWith("|")) {
      i++;
    }
    List<List<String>> rows = new ArrayList<>();
    for (; i < lines.length && lines[i].startsWith("|"); i++) {
      if (lines[i].matches("\\|[\\s:|-]+\\|?")) {
        continue;
      }
      List<String> cells = new ArrayList<>();
      String inner = lines[i].strip();
      inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
      for (String cell : inner.split("\\|", -1)) {
        cells.add(cell.strip());
      }
      rows.add(cells);
    }
    return rows;
  }

  /** The {@code ## } headings of a report.md, in order. */
  public static List<String> headings(String reportMd) {
    List<String> out = new ArrayList<>();
    for (String line : reportMd.split("\n")) {
      if (line.startsWith("## ")) {
        out.add(line.substring(3).strip());
      }
    }
    return out;
  }
}
