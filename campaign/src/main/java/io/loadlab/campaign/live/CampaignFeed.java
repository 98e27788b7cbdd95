package io.loadlab.campaign.live;

import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.util.Secrets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The campaign's part of its live page's feed: runs done, failed and left, the ETA, every cell with
 * its state (done, running, failed, started, left) and its reported figure as {@code campaign.json}
 * has it, and the failed runs and warnings so far. Made on the campaign's own thread, from its
 * manifest, when a run starts or ends; a poll only reads it.
 */
final class CampaignFeed {
  private CampaignFeed() {}

  /**
   * @param status {@code running}, {@code complete}, {@code failed} or {@code aborted}
   * @param done whether a cell needs no more runs
   * @param left runs not started yet, or -1 before the campaign counted them (then the cells'
   *     iterations not recorded yet)
   * @param running the run under way, or null between runs
   */
  static Map<String, Object> of(
      String campaign,
      String status,
      List<Matrix.Cell> cells,
      Manifest manifest,
      Predicate<Matrix.Cell> done,
      long left,
      double eta,
      Manifest.RunEntry running) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("kind", "campaign");
    f.put("title", "campaign " + campaign);
    f.put("status", status);
    f.put("updatedEpochMs", System.currentTimeMillis());
    long notStarted = left;
    if (notStarted < 0) {
      notStarted = 0;
      for (Matrix.Cell cell : cells) {
        long recorded = manifest.runs.stream().filter(r -> r.cell.equals(cell.id())).count();
        notStarted += Math.max(0, cell.step().iterations().max() - recorded);
      }
    }
    f.put(
        "runs",
        Map.of(
            "done",
            count(manifest, "ok"),
            "failed",
            count(manifest, "failed"),
            "left",
            notStarted));
    if (eta >= 0) {
      f.put("etaSeconds", Math.round(eta * 10) / 10.0);
    }
    if (running != null) {
      f.put("running", Map.of("run", running.id, "cell", running.cell));
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Matrix.Cell cell : cells) {
      rows.add(cell(cell, manifest, done));
    }
    f.put("cells", rows);
    f.put("warnings", warnings(manifest));
    return Collections.unmodifiableMap(f);
  }

  private static Map<String, Object> cell(
      Matrix.Cell cell, Manifest manifest, Predicate<Matrix.Cell> done) {
    List<Manifest.RunEntry> runs =
        manifest.runs.stream().filter(r -> r.cell.equals(cell.id())).toList();
    long ok = runs.stream().filter(r -> "ok".equals(r.status)).count();
    long failed = runs.stream().filter(r -> "failed".equals(r.status)).count();
    boolean under = runs.stream().anyMatch(r -> "running".equals(r.status));
    String state =
        under
            ? "running"
            : failed > 0
                ? "failed"
                : done.test(cell) ? "done" : runs.isEmpty() ? "left" : "started";
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("id", cell.id());
    c.put("configuration", cell.configuration().name());
    c.put("step", cell.step().name());
    c.put("point", cell.point().isEmpty() ? "" : Matrix.label(cell.point()));
    c.put("status", state);
    c.put("ok", ok);
    c.put("failed", failed);
    c.put("iterations", cell.step().iterations().describe());
    String figure = cell.step().figures().isEmpty() ? null : cell.step().figures().get(0);
    if (figure != null) {
      c.put("figure", figure);
      Manifest.CellEntry entry =
          manifest.cells.stream().filter(e -> cell.id().equals(e.id)).findFirst().orElse(null);
      Double value = entry == null ? null : entry.reported.get(figure);
      if (value != null && Double.isFinite(value)) {
        c.put("value", value);
      }
    }
    return c;
  }

  /** Failed runs with their reasons, and runs' warnings, in the order they ran. */
  private static List<Map<String, String>> warnings(Manifest manifest) {
    List<Map<String, String>> out = new ArrayList<>();
    for (Manifest.RunEntry r : manifest.runs) {
      if ("failed".equals(r.status)) {
        out.add(
            Map.of(
                "kind",
                "failed",
                "message",
                Secrets.mask(
                    "run " + r.id + " failed" + (r.reason == null ? "" : ": " + r.reason))));
      }
      if (r.warnings != null) {
        r.warnings.forEach(
            w -> out.add(Map.of("kind", "run", "message", Secrets.mask("run " + r.id + ": " + w))));
      }
    }
    return out;
  }

  private static long count(Manifest manifest, String status) {
    return manifest.runs.stream().filter(r -> status.equals(r.status)).count();
  }
}
