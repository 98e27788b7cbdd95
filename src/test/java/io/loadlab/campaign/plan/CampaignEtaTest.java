package io.loadlab.campaign.plan;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.StepCommands;
import io.loadlab.campaign.check.CampaignValidator;
import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.Matrix;
import io.loadlab.campaign.results.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ETA as the campaign runner computes it after each run ({@link CampaignEstimate#left} on the
 * {@link RunTimes} learnt so far), driven with recorded run times of a campaign whose one
 * configuration fails fast (issue 35: a broker nothing listens on, its runs failing in 0.1–14 s),
 * the other's runs taking their 25 s and a JVM's start-up. The ETA is within 25% of the time really
 * left from a quarter of the way in, or, where the failing configuration comes second, from its
 * first run on (nothing can tell before).
 */
class CampaignEtaTest {
  @TempDir Path dir;

  private static final double BOOKKEEPING = 0.2;

  /** Its latency runs refused in 0.1–0.3 s, its throughput runs timing out in 10–14 s. */
  @Test
  void theFastFailingConfigurationFirst() throws Exception {
    List<String> lines = simulate(List.of("nobroker", "broker"), true);
    assertConverged(lines, lines.size() / 4, 0.25);
  }

  /**
   * Every run of it refused in 1.0–1.4 s (a JVM's start and a refused connection). Its runs are
   * unknown until the first of them: the ETA holds from then on, where it said 2m36s with 21 s left
   * (issue 35) when it costed them at the step's average.
   */
  @Test
  void theFastFailingConfigurationAfterTheOther() throws Exception {
    List<String> lines = simulate(List.of("broker", "nobroker"), false);
    assertConverged(lines, lines.size() / 2, 0.25);
  }

  /** Runs the campaign's 72 runs on recorded times; one line per run: position, ETA, time left. */
  private List<String> simulate(List<String> order, boolean timeouts) throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        """
        name: eta
        iterations: 6
        configurations:
          - {name: %s, vars: {url: "amqp://127.0.0.1:%s"}}
          - {name: %s, vars: {url: "amqp://127.0.0.1:%s"}}
        steps:
          - {name: lat, run: amqp latency, options: {broker: "${url}", duration: 20s, warmup: 5s}, sweep: {size: [16, 1024, 65536]}}
          - {name: thr, run: amqp throughput, options: {broker: "${url}", duration: 20s, warmup: 5s}, sweep: {size: [16, 1024, 65536]}}
        """
            .formatted(order.get(0), port(order.get(0)), order.get(1), port(order.get(1))));
    Campaign c = CampaignValidator.read(file, StepCommands.installed()::check);
    List<Matrix.Cell> cells = Matrix.cells(c);
    Random random = new Random(35);
    List<Manifest.RunEntry> recorded = new ArrayList<>();
    List<Matrix.Cell> ofRun = new ArrayList<>();
    for (Matrix.Cell cell : cells) {
      for (int i = 1; i <= cell.step().iterations().max(); i++) {
        recorded.add(recorded(cell, i, random, timeouts));
        ofRun.add(cell);
      }
    }
    List<String> lines = new ArrayList<>();
    Manifest m = new Manifest();
    RunTimes times = new RunTimes();
    ConfigurationTimes here = new ConfigurationTimes();
    for (int p = 0; p < recorded.size(); p++) {
      Manifest.RunEntry r = recorded.get(p);
      Matrix.Cell cell = ofRun.get(p);
      m.runs.add(r);
      times.add(cell.step(), r);
      double eta =
          CampaignEstimate.left(
                  cells, cells.indexOf(cell), m, true, times, here, cell.configuration())
              .total();
      double left = 0;
      for (Manifest.RunEntry later : recorded.subList(p + 1, recorded.size())) {
        left += later.seconds + BOOKKEEPING;
      }
      lines.add(
          String.format(
              Locale.ROOT, "[%d/%d] ETA %.1f s, left %.1f s", p + 1, recorded.size(), eta, left));
    }
    return lines;
  }

  private static String port(String conf) {
    return conf.equals("broker") ? "5672" : "1"; // never connected to: only the times are recorded
  }

  /** A run as campaign.json records it, with the times such a run took. */
  private static Manifest.RunEntry recorded(
      Matrix.Cell cell, int i, Random random, boolean timeouts) {
    Manifest.RunEntry r = new Manifest.RunEntry();
    r.id = cell.runId(i);
    r.cell = cell.id();
    r.configuration = cell.configuration().name();
    r.step = cell.step().name();
    r.iteration = i;
    r.commandLines = cell.commandLines();
    r.bookkeepingMs = BOOKKEEPING * 1000;
    if (cell.configuration().name().equals("broker")) {
      r.status = "ok";
      double measured = 25 + random.nextDouble() * 0.5;
      r.overheadSeconds = 2.5 + random.nextDouble() * 1.5;
      r.seconds = measured + r.overheadSeconds;
    } else {
      // No result.json: nothing measured, the whole run is its start-up.
      r.status = "failed";
      r.seconds =
          timeouts && cell.step().name().equals("thr")
              ? 10 + random.nextDouble() * 4
              : timeouts ? 0.1 + random.nextDouble() * 0.2 : 1 + random.nextDouble() * 0.4;
      r.overheadSeconds = r.seconds;
    }
    return r;
  }

  /** From line {@code from} on (the last run's excepted: nothing left), within {@code tol}. */
  private static void assertConverged(List<String> lines, int from, double tol) {
    StringBuilder off = new StringBuilder();
    for (int i = from; i < lines.size() - 1; i++) {
      String[] parts = lines.get(i).split("ETA |, left | s");
      double eta = Double.parseDouble(parts[1]);
      double left = Double.parseDouble(parts[3]);
      if (Math.abs(eta - left) > tol * left) {
        off.append('\n').append(lines.get(i));
      }
    }
    assertTrue(off.isEmpty(), "ETA more than " + tol * 100 + "% off:" + off + "\nall:\n" + lines);
  }
}
