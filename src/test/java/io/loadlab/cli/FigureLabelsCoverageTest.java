package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.report.CampaignReport;
import io.loadlab.campaign.results.CellStatistics;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.campaign.step.StepOperations;
import io.loadlab.campaign.step.StepValidator;
import io.loadlab.core.report.FigureLabels;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every figure a campaign step can produce has a label of its own, not one pieced together from its
 * key's suffix ("cpu process CPU per operation (µs)"): the figures every operation has, the guests'
 * CPU figures, every load command's workload figures, and each operation's figures by name ({@code
 * latency.meanUs}). The default step tables of report.md head them cleanly.
 */
@Timeout(60)
class FigureLabelsCoverageTest {
  /** Every figure any step of any load command can tabulate. */
  static Set<String> everyFigure() {
    Set<String> all = new LinkedHashSet<>(StepValidator.BASIC_FIGURES);
    all.addAll(StepValidator.GUEST_CPU_FIGURES);
    for (Command c : Commands.all()) {
      if (c.runsLoad()) {
        all.addAll(c.figures());
      }
    }
    for (List<String> ops : StepOperations.OPERATIONS.values()) {
      for (String op : ops) {
        StepValidator.BASIC_FIGURES.forEach(f -> all.add(op + "." + f));
      }
    }
    return all;
  }

  @Test
  void everyFigureHasALabel() {
    Set<String> all = everyFigure();
    assertTrue(all.size() > 60, "the enumeration found the commands' figures: " + all);
    assertTrue(all.contains("cpuProcessUsPerMB") && all.contains("opm"), "" + all);
    List<String> missing = new ArrayList<>();
    for (String f : all) {
      if (!FigureLabels.labelled(f)) {
        missing.add(f + " -> " + FigureLabels.of(f));
      }
    }
    assertEquals(List.of(), missing, "figures without a label of their own");
  }

  /** A label reads as words: no key left in it, no word said twice in a row, CPU in capitals. */
  @Test
  void everyLabelReadsCleanly() {
    Pattern repeated = Pattern.compile("\\b(\\w+)\\b[ ,]+\\1\\b", Pattern.CASE_INSENSITIVE);
    for (String f : everyFigure()) {
      String label = FigureLabels.of(f);
      Matcher m = repeated.matcher(label);
      assertFalse(m.find(), f + ": '" + label + "' says a word twice");
      assertFalse(label.matches(".*\\bcpu\\b.*"), f + ": '" + label + "'");
      if (!f.contains(" ") && f.matches(".*[a-z][A-Z].*")) {
        assertFalse(label.contains(f), f + ": the key itself in '" + label + "'");
      }
    }
  }

  @Test
  void defaultStepTablesPrintCleanHeaders() {
    Manifest m = new Manifest();
    m.campaign = "labels";
    m.status = "ok";
    m.rule = "median-stddev";
    m.baseline = "here";
    m.configurations = List.of("here");
    Manifest.StepInfo rr = step("rr", "net rr", null, "rate", "cpuProcessUsPerOp", "cpuUsPerOp");
    Manifest.StepInfo strg = step("strg", "net stream", null, "bytesPerSec", "cpuProcessUsPerMB");
    Manifest.StepInfo lat = step("latency", "amqp latency", "transit", "meanUs", "latency.meanUs");
    m.steps = List.of(rr, strg, lat);
    for (Manifest.StepInfo s : m.steps) {
      Manifest.RunEntry r = new Manifest.RunEntry();
      r.point = Map.of("users", "1");
      r.cell = "here/" + s.name + "/users=1";
      r.id = r.cell + "/1";
      r.configuration = "here";
      r.step = s.name;
      r.status = "ok";
      s.figures.forEach(f -> r.figures.put(f, 10.0));
      m.runs.add(r);
    }
    CellStatistics.update(m);
    String md = CampaignReport.markdown(m);
    List<String> headers = new ArrayList<>();
    Matcher h = Pattern.compile("(?m)^## (\\w+) \\(`loadlab [^`]+`\\): (.*)$").matcher(md);
    while (h.find()) {
      headers.add(h.group(1) + ": " + h.group(2));
    }
    assertEquals(
        List.of(
            "rr: rate (ops/s)",
            "rr: client + server process CPU per operation (µs) (lower is better)",
            "rr: CPU per operation (µs) (lower is better)",
            "strg: bytes/s",
            "strg: client + server process CPU per MB (µs) (lower is better)",
            "latency: mean latency (measured, µs), transit (lower is better)",
            "latency: mean latency (measured, µs), latency (lower is better)"),
        headers,
        md);
  }

  private static Manifest.StepInfo step(
      String name, String command, String operation, String... figures) {
    Manifest.StepInfo s = new Manifest.StepInfo();
    s.name = name;
    s.command = command;
    s.operation = operation;
    s.figures = List.of(figures);
    s.sweep = Map.of("users", List.of("1"));
    s.iterations = "1";
    return s;
  }
}
