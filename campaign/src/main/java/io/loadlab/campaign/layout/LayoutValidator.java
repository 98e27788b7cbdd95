package io.loadlab.campaign.layout;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.CampaignSpec;
import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.campaign.step.StepOperations;
import io.loadlab.campaign.step.StepValidator;
import io.loadlab.core.util.Texts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a campaign's report layout before anything runs: the configurations' {@code attributes}
 * and each of {@code tables:} (steps, figures, units, statistics, factors), down to whether a
 * table's rows and columns tell every cell apart, so that a layout that cannot be drawn is refused
 * with one line naming the field rather than found out after the runs.
 */
public final class LayoutValidator {
  private final ValidationProblems problems;

  public LayoutValidator(ValidationProblems problems) {
    this.problems = problems;
  }

  /** Each configuration's attributes (as text), for those that have any. */
  public Map<String, Map<String, String>> attributes(CampaignSpec spec) {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    for (int i = 0; i < spec.configurations().size(); i++) {
      CampaignSpec.ConfigurationSpec c = spec.configurations().get(i);
      if (c == null || c.name() == null || c.attributes().isEmpty()) {
        continue;
      }
      Map<String, String> attrs = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : c.attributes().entrySet()) {
        String k = e.getKey();
        String f = "configurations[" + i + "].attributes." + k;
        if (k.equals(LayoutTable.CONFIGURATION) || k.equals(LayoutTable.CLIENT)) {
          problems.problem(
              f, "'" + k + "' is a factor of its own; give the attribute another name");
        } else {
          attrs.put(k, problems.scalar(f, e.getValue()));
        }
      }
      out.put(c.name(), attrs);
    }
    return out;
  }

  /** The checked tables of {@code spec}, or an empty list if it has none. */
  public List<LayoutTable> tables(
      CampaignSpec spec,
      Map<String, Map<String, String>> attributes,
      List<Campaign.Configuration> configurations,
      List<Campaign.Step> steps) {
    List<LayoutTable> out = new ArrayList<>();
    LayoutFactors factors = LayoutFactors.of(attributes, configurations, steps);
    for (int i = 0; i < spec.tables().size(); i++) {
      LayoutTable t = table("tables[" + i + "]", spec.tables().get(i), factors, steps);
      if (t != null) {
        out.add(t);
      }
    }
    return out;
  }

  private LayoutTable table(
      String f, CampaignSpec.TableSpec t, LayoutFactors factors, List<Campaign.Step> steps) {
    if (t == null) {
      problems.problem(f, "empty; give at least title, rows and values");
      return null;
    }
    int before = problems.count();
    if (t.title() == null || t.title().isBlank()) {
      problems.problem(f + ".title", "missing; give the table's heading, e.g. TCP");
    }
    List<String> rows = factorList(f + ".rows", t.rows(), true);
    List<String> columns = factorList(f + ".columns", t.columns(), false);
    Map<String, String> where = new LinkedHashMap<>();
    t.where().forEach((k, v) -> where.put(k, problems.scalar(f + ".where." + k, v)));
    Set<String> seen = new LinkedHashSet<>();
    for (String x : concat(rows, columns, List.copyOf(where.keySet()))) {
      if (!seen.add(x)) {
        problems.problem(
            f, "factor '" + Texts.cut(x) + "' is given twice; give it in rows, columns or where");
      }
    }
    statistic(f + ".statistic", t.statistic());
    if (t.valuesIn() != null && !List.of("rows", "columns").contains(t.valuesIn())) {
      problems.problem(
          f + ".values-in",
          "'" + Texts.cut(t.valuesIn()) + "' is unknown; use rows or columns (the default)");
    }
    if (t.chart() != null && !LayoutTable.CHARTS.contains(t.chart())) {
      problems.problem(
          f + ".chart", "'" + Texts.cut(t.chart()) + "' is unknown; use bars, lines or none");
    }
    if (t.values().isEmpty()) {
      problems.problem(
          f + ".values",
          "missing; give at least one, e.g. {step: rr, figure: p50Us, unit: µs, label: Latency}");
    }
    List<LayoutTable.Value> values = new ArrayList<>();
    for (int j = 0; j < t.values().size(); j++) {
      LayoutTable.Value v = value(f + ".values[" + j + "]", t.values().get(j), steps);
      if (v != null) {
        values.add(v);
      }
    }
    if (problems.count() == before) {
      Map<String, List<String>> byField = new LinkedHashMap<>();
      byField.put(f + ".rows", rows);
      byField.put(f + ".columns", columns);
      where.keySet().forEach(k -> byField.put(f + ".where." + k, List.of(k)));
      for (int j = 0; j < values.size(); j++) {
        String vf = f + ".values[" + j + "]";
        LayoutTable.Value v = values.get(j);
        byField.forEach((field, names) -> names.forEach(x -> factors.check(field, x, v, problems)));
        if (problems.count() == before) {
          where.forEach((k, w) -> factors.checkWhere(f + ".where." + k, k, w, v, problems));
          factors.checkCells(vf, v, rows, columns, where, problems);
        }
      }
    }
    Map<String, String> labels = new LinkedHashMap<>();
    t.labels().forEach((k, v) -> labels.put(k, label(f + ".labels." + k, v)));
    if (problems.count() == before) {
      checkLabels(
          f + ".labels",
          labels,
          concat(rows, columns),
          List.copyOf(where.keySet()),
          values,
          factors);
    }
    return new LayoutTable(
        t.title(),
        t.caption(),
        rows,
        t.rowLabel(),
        columns,
        where,
        t.statistic(),
        t.chart(),
        values,
        labels,
        t.valuesIn());
  }

  /**
   * Checks that each labelled value is one the table's factors take (a row, column or where factor,
   * in any value's step), and that no two values of a row or column factor show as the same text.
   */
  private void checkLabels(
      String f,
      Map<String, String> labels,
      List<String> shown,
      List<String> where,
      List<LayoutTable.Value> values,
      LayoutFactors factors) {
    if (labels.isEmpty()) {
      return;
    }
    Map<String, Set<String>> domains = new LinkedHashMap<>();
    for (String factor : concat(shown, where)) {
      Set<String> domain = new LinkedHashSet<>();
      values.forEach(v -> domain.addAll(factors.domain(factor, v.step())));
      domains.put(factor, domain);
    }
    Set<String> all = new LinkedHashSet<>();
    domains.values().forEach(all::addAll);
    for (String value : labels.keySet()) {
      if (!all.contains(value)) {
        problems.problem(
            f,
            "'"
                + Texts.cut(value)
                + "' is not a value of "
                + String.join(", ", domains.keySet())
                + "; label one of: "
                + String.join(", ", all));
        return;
      }
    }
    for (String factor : shown) {
      Map<String, String> byText = new LinkedHashMap<>();
      for (String value : domains.get(factor)) {
        String text = labels.getOrDefault(value, value);
        String other = byText.putIfAbsent(text, value);
        if (other != null) {
          problems.problem(
              f,
              "'"
                  + other
                  + "' and '"
                  + value
                  + "' of "
                  + factor
                  + " would both show as '"
                  + Texts.cut(text)
                  + "'; give each its own text");
          return;
        }
      }
    }
  }

  /** A label's text: one value, not blank. */
  private String label(String f, Object text) {
    String out = problems.scalar(f, text);
    if (text instanceof String && out.isBlank()) {
      problems.problem(f, "empty; give the text to show for this value, e.g. Client 1");
    }
    return out;
  }

  private LayoutTable.Value value(
      String f, CampaignSpec.TableValueSpec v, List<Campaign.Step> all) {
    if (v == null) {
      problems.problem(f, "empty; give step and figure, e.g. {step: rr, figure: p50Us}");
      return null;
    }
    Campaign.Step step = null;
    for (Campaign.Step s : all) {
      if (s.name().equals(v.step())) {
        step = s;
      }
    }
    if (step == null) {
      problems.problem(
          f + ".step",
          (v.step() == null ? "missing" : "'" + Texts.cut(v.step()) + "' is not a step")
              + "; use one of "
              + all.stream().map(Campaign.Step::name).toList());
      return null;
    }
    if (v.figure() == null
        || !(step.figures().contains(v.figure())
            || StepValidator.BASIC_FIGURES.contains(v.figure()))) {
      problems.problem(
          f + ".figure",
          (v.figure() == null ? "missing" : "'" + Texts.cut(v.figure()) + "' is not a figure")
              + " of step "
              + step.name()
              + "; use one of its figures "
              + step.figures()
              + ", a figure every run has "
              + StepValidator.BASIC_FIGURES
              + ", or add it to the step's figures");
      return null;
    }
    if (StepOperations.ambiguous(step) && StepValidator.BASIC_FIGURES.contains(v.figure())) {
      problems.problem(
          f + ".figure",
          v.figure()
              + " could come from any of the operations "
              + step.command()
              + " records; say which: give step "
              + step.name()
              + " an operation: (a sampler's name), or name it in the figure (SAMPLER."
              + v.figure()
              + ")");
      return null;
    }
    try {
      FigureUnit.of(v.figure(), v.unit());
    } catch (IllegalArgumentException e) {
      problems.problem(f + ".unit", e.getMessage());
    }
    statistic(f + ".statistic", v.statistic());
    return new LayoutTable.Value(step.name(), v.figure(), v.unit(), v.label(), v.statistic());
  }

  private void statistic(String f, String statistic) {
    if (statistic != null && !LayoutTable.STATISTICS.contains(statistic)) {
      problems.problem(
          f,
          "'"
              + Texts.cut(statistic)
              + "' is unknown; use reported, mean, median, min, max or best");
    }
  }

  /** One factor name or a list of them; {@code required} for rows. */
  private List<String> factorList(String f, Object value, boolean required) {
    if (value == null) {
      if (required) {
        problems.problem(f, "missing; give one factor or a list, e.g. [method]");
      }
      return List.of();
    }
    List<?> items = value instanceof List<?> l ? l : List.of(value);
    if (items.isEmpty() && required) {
      problems.problem(f, "empty; give one factor or a list, e.g. [method]");
    }
    List<String> out = new ArrayList<>();
    for (Object o : items) {
      String name = problems.scalar(f, o);
      if (!name.isEmpty()) {
        out.add(name);
      }
    }
    return out;
  }

  @SafeVarargs
  private static List<String> concat(List<String>... lists) {
    List<String> out = new ArrayList<>();
    for (List<String> l : lists) {
      out.addAll(l);
    }
    return out;
  }
}
