package io.loadlab.campaign.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.campaign.step.StepOperations;
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
 * operation's rate over the measured intervals, which the seeds' median-stddev rule uses). A figure
 * that names another operation ({@code latency.meanUs}, {@link StepOperations}) is that operation's
 * at the same point.
 *
 * @param others each other operation named by a figure ({@code latency}) to its name in this run
 *     ({@code latency size=8})
 */
public record RunFigures(
    String status,
    String reason,
    String operation,
    Map<String, Double> figures,
    double[] intervalRates,
    Map<String, String> others) {

  /**
   * Reads the run directory; {@code operation} null means the first operation in the totals that is
   * no diagnostic ({@link StepOperations#DIAGNOSTIC}).
   */
  public static RunFigures read(Path dir, String operation) throws IOException {
    return read(dir, operation, List.of());
  }

  /** Reads the run directory, with the figures of the other operations {@code qualified} names. */
  public static RunFigures read(Path dir, String operation, List<String> qualified)
      throws IOException {
    Path json = dir.resolve("result.json");
    if (!Files.exists(json)) {
      // No reason of its own: the campaign takes the run's last error line from its log.
      return new RunFigures("failed", null, operation, Map.of(), new double[0], Map.of());
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
      operationFigures(totals.get(op), figures);
    }
    // "transit size=8" asked for latency.meanUs: "latency size=8"'s meanUs.
    String rest = op == null || op.indexOf(' ') < 0 ? "" : op.substring(op.indexOf(' '));
    Map<String, String> others = new LinkedHashMap<>();
    for (String q : qualified) {
      String other = StepOperations.qualifier(q);
      String name = totals.has(other + rest) ? other + rest : pickOperation(totals, other);
      if (name != null) {
        others.put(other, name);
        Map<String, Double> its = new LinkedHashMap<>();
        operationFigures(totals.get(name), its);
        Double v = its.get(StepOperations.base(q));
        if (v != null) {
          figures.put(q, v);
        }
      }
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
        status, reason, op, figures, intervalRates(dir.resolve("intervals.csv"), op), others);
  }

  /** Standard deviation of the interval rates (NaN with fewer than two intervals). */
  public double intervalSd() {
    return intervalRates.length < 2
        ? Double.NaN
        : StandardDeviation.of(intervalRates).getAsDouble();
  }

  /** The figures every operation has, from its totals. */
  private static void operationFigures(JsonNode t, Map<String, Double> figures) {
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
    // The processes' own CPU, not the machine's (shared with other work): the client's, the
    // server's (as it reported it), and the two together, per operation and per MB moved.
    put(figures, "cpuClientUsPerOp", cpu.path("clientUsPerOp"));
    put(figures, "cpuServerUsPerOp", cpu.path("serverUsPerOp"));
    if (cpu.path("clientUsPerOp").isNumber() && cpu.path("serverUsPerOp").isNumber()) {
      double both = cpu.path("clientUsPerOp").asDouble() + cpu.path("serverUsPerOp").asDouble();
      figures.put("cpuProcessUsPerOp", both);
      double rate = t.path("ratePerSec").asDouble();
      double bytes = t.path("bytesPerSec").asDouble();
      if (rate > 0 && bytes > 0) {
        figures.put("cpuProcessUsPerMB", both * rate / bytes * 1e6);
      }
    }
  }

  private static String pickOperation(JsonNode totals, String wanted) {
    String first = null;
    for (Iterator<String> it = totals.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (first == null && !StepOperations.DIAGNOSTIC.contains(name.split(" ")[0])) {
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
