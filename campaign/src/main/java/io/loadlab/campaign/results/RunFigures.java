package io.loadlab.campaign.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.run.RunRecording;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/**
 * A finished run's headline figures, read from its own files: {@code result.json} (status, totals
 * of the step's operation, the workload's figures) and {@code intervals.csv} (the spread of the
 * operation's rate over the measured intervals, which the seeds' median-stddev rule uses).
 */
public record RunFigures(
    String status,
    String reason,
    String operation,
    Map<String, Double> figures,
    double[] intervalRates) {

  /** Reads the run directory; {@code operation} null means the first operation in the totals. */
  public static RunFigures read(Path dir, String operation) throws IOException {
    Path json = dir.resolve("result.json");
    if (!Files.exists(json)) {
      // No reason of its own: the campaign takes the run's last error line from its log.
      return new RunFigures("failed", null, operation, Map.of(), new double[0]);
    }
    JsonNode root = ResultJson.mapper().readTree(json.toFile());
    String status = root.path("status").asText("failed");
    String reason = root.hasNonNull("statusReason") ? root.get("statusReason").asText() : null;
    if (RunRecording.NO_RESULT.equals(reason)) {
      reason = null; // ended without saying why: the run's log says more
    }
    JsonNode totals = root.path("totals");
    String op = pickOperation(totals, operation);
    Map<String, Double> figures = new LinkedHashMap<>();
    if (op != null) {
      JsonNode t = totals.get(op);
      put(figures, "rate", t.path("ratePerSec"));
      put(figures, "count", t.path("count"));
      put(figures, "errors", t.path("errors"));
      put(figures, "bytesPerSec", t.path("bytesPerSec"));
      JsonNode lat = t.path("latencyUs");
      put(figures, "meanUs", lat.path("mean"));
      put(figures, "p50Us", lat.path("p50"));
      put(figures, "p90Us", lat.path("p90"));
      put(figures, "p99Us", lat.path("p99"));
      put(figures, "p999Us", lat.path("p999"));
      put(figures, "maxUs", lat.path("max"));
      JsonNode cpu = t.path("cpu");
      JsonNode perOp =
          cpu.hasNonNull("hostUsPerOp") ? cpu.path("hostUsPerOp") : cpu.path("clientUsPerOp");
      put(figures, "cpuUsPerOp", perOp);
    }
    // "transfersPerSec size=64" is the step's transfersPerSec, "netperfLatencyUs users=2" its
    // netperfLatencyUs: the figure at the operation's point ("publish size=64", "rr users=2")
    // first, else at the run's first point (one sweep point per run).
    String point = op == null || op.indexOf(' ') < 0 ? null : op.substring(op.indexOf(' ') + 1);
    for (boolean atPoint : new boolean[] {true, false}) {
      for (Iterator<Map.Entry<String, JsonNode>> it = root.path("figures").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        int colon = e.getKey().indexOf(": ");
        if (colon >= 0) {
          // "rr users=1: lost" is the operation's own figure "lost"; a name with a space or a
          // unit in it ("stream: received MB/s") is no figure key.
          String name = e.getKey().substring(colon + 2);
          if (e.getValue().isNumber()
              && name.matches("[A-Za-z][A-Za-z0-9]*")
              && (!atPoint || e.getKey().substring(0, colon).equals(op))) {
            figures.putIfAbsent(name, e.getValue().asDouble());
          }
          continue;
        }
        int space = e.getKey().indexOf(' ');
        if (!e.getValue().isNumber()
            || atPoint && (space < 0 || !e.getKey().substring(space + 1).equals(point))) {
          continue;
        }
        String key = space < 0 ? e.getKey() : e.getKey().substring(0, space);
        figures.putIfAbsent(key, e.getValue().asDouble());
      }
    }
    return new RunFigures(
        status, reason, op, figures, intervalRates(dir.resolve("intervals.csv"), op));
  }

  /** Standard deviation of the interval rates (NaN with fewer than two intervals). */
  public double intervalSd() {
    return intervalRates.length < 2
        ? Double.NaN
        : StandardDeviation.of(intervalRates).getAsDouble();
  }

  private static String pickOperation(JsonNode totals, String wanted) {
    String first = null;
    for (Iterator<String> it = totals.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (first == null) {
        first = name;
      }
      if (wanted != null && (name.equals(wanted) || name.startsWith(wanted + " "))) {
        return name;
      }
    }
    return wanted == null ? first : null;
  }

  private static void put(Map<String, Double> figures, String key, JsonNode v) {
    if (v.isNumber()) {
      figures.put(key, v.asDouble());
    }
  }

  /** The operation's ratePerSec in every measured (non-warmup) interval of intervals.csv. */
  static double[] intervalRates(Path csv, String operation) throws IOException {
    if (operation == null || !Files.exists(csv)) {
      return new double[0];
    }
    List<Double> rates = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(csv)) {
      List<String> header = split(r.readLine());
      int op = header.indexOf("operation");
      int warmup = header.indexOf("warmup");
      int rate = header.indexOf("ratePerSec");
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        List<String> row = split(line);
        if (row.size() == header.size()
            && row.get(op).equals(operation)
            && !Boolean.parseBoolean(row.get(warmup))) {
          rates.add(Double.parseDouble(row.get(rate)));
        }
      }
    }
    return rates.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** One CSV line into fields (RFC 4180 quoting). */
  static List<String> split(String line) {
    List<String> out = new ArrayList<>();
    if (line == null) {
      return out;
    }
    StringBuilder f = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          f.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          f.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        out.add(f.toString());
        f.setLength(0);
      } else {
        f.append(c);
      }
    }
    out.add(f.toString());
    return out;
  }
}
