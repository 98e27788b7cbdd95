package io.loadlab.core.compare;

import io.loadlab.core.report.Significance;
import io.loadlab.core.report.Table;
import io.loadlab.core.report.Table.Cell;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntPredicate;

/**
 * A comparison's table: a row per name (operation, figure, sweep point), each configuration's mean
 * ± sd, its ratio to the baseline and, with iterations, a significance verdict.
 */
final class ComparedTable {
  private ComparedTable() {}

  static Table of(
      RunComparison c,
      String id,
      String first,
      List<String> rowNames,
      BiFunction<Integer, Integer, double[]> values,
      String shortName,
      IntPredicate higherIsBetter) {
    List<String> header = new ArrayList<>();
    header.add(first);
    header.addAll(c.groups().stream().map(RunComparison.Group::name).toList());
    for (int g = 1; g < c.groups().size(); g++) {
      header.add(c.groups().get(g).name() + " / " + c.groups().get(0).name());
    }
    boolean tests = c.hasIterations();
    if (tests) {
      for (int g = 1; g < c.groups().size(); g++) {
        header.add(c.groups().get(g).name() + " vs " + c.groups().get(0).name());
      }
    }
    List<List<Cell>> rows = new ArrayList<>();
    for (int i = 0; i < rowNames.size(); i++) {
      List<Cell> row = new ArrayList<>();
      row.add(Cell.text(rowNames.get(i)));
      for (int g = 0; g < c.groups().size(); g++) {
        double[] v = values.apply(i, g);
        double mean = Significance.mean(v);
        String text = number(mean);
        if (v.length > 1) {
          text += " ± " + number(RunComparison.sd(v));
        }
        row.add(Cell.number(text, mean));
      }
      double base = Significance.mean(values.apply(i, 0));
      for (int g = 1; g < c.groups().size(); g++) {
        double r = Significance.mean(values.apply(i, g)) / base;
        boolean ok = Double.isFinite(r) && base != 0;
        row.add(
            Cell.number(ok ? io.loadlab.core.report.Ratios.times(r) : "–", ok ? r : Double.NaN));
      }
      if (tests) {
        for (int g = 1; g < c.groups().size(); g++) {
          Significance s =
              Significance.of(
                  shortName == null ? rowNames.get(i) : shortName,
                  values.apply(i, 0),
                  values.apply(i, g),
                  higherIsBetter.test(i));
          row.add(Cell.text(s.text()));
        }
      }
      rows.add(row);
    }
    return new Table(id, header, rows);
  }

  static String number(double v) {
    return Double.isNaN(v) ? "–" : io.loadlab.core.util.Numbers.format(v);
  }
}
