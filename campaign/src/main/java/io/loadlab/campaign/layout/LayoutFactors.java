package io.loadlab.campaign.layout;

import io.loadlab.campaign.file.Campaign;
import io.loadlab.campaign.file.LayoutTable;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.campaign.results.Manifest;
import io.loadlab.core.util.Texts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The factors a layout table may name and the values each takes: a configuration attribute, an
 * option a step sweeps, {@code configuration}, and {@code client} for a step with several clients.
 * Built from a checked campaign (to check tables) or from a manifest (to compute them), so both see
 * the same factors in the same order.
 */
final class LayoutFactors {
  /** What a step contributes: its sweep (option to values, in order) and how many clients. */
  record StepShape(Map<String, List<String>> sweep, int clients) {}

  private final List<String> configurations;
  private final Map<String, Map<String, String>> attributes;
  private final Map<String, StepShape> steps;

  LayoutFactors(
      List<String> configurations,
      Map<String, Map<String, String>> attributes,
      Map<String, StepShape> steps) {
    this.configurations = configurations;
    this.attributes = attributes == null ? Map.of() : attributes;
    this.steps = steps;
  }

  static LayoutFactors of(
      Map<String, Map<String, String>> attributes,
      List<Campaign.Configuration> configurations,
      List<Campaign.Step> steps) {
    Map<String, StepShape> shapes = new LinkedHashMap<>();
    steps.forEach(s -> shapes.put(s.name(), new StepShape(s.sweep(), s.clients().size())));
    return new LayoutFactors(
        configurations.stream().map(Campaign.Configuration::name).toList(), attributes, shapes);
  }

  static LayoutFactors of(Manifest m) {
    Map<String, StepShape> shapes = new LinkedHashMap<>();
    m.steps.forEach(s -> shapes.put(s.name, new StepShape(s.sweep, s.machines.size())));
    return new LayoutFactors(m.configurations, m.attributes, shapes);
  }

  /** The configurations, in the campaign's order. */
  List<String> configurations() {
    return configurations;
  }

  /** The attributes of configuration {@code c} (empty if none). */
  Map<String, String> attributesOf(String c) {
    return attributes.getOrDefault(c, Map.of());
  }

  /** How many clients step {@code step} has (1: it runs in one place). */
  int clients(String step) {
    StepShape s = steps.get(step);
    return s == null ? 1 : s.clients();
  }

  /** The values {@code factor} takes in {@code step}, in the order tables list them. */
  List<String> domain(String factor, String step) {
    StepShape s = steps.get(step);
    if (factor.equals(LayoutTable.CONFIGURATION)) {
      return configurations;
    }
    if (factor.equals(LayoutTable.CLIENT)) {
      List<String> out = new ArrayList<>();
      for (int k = 1; k <= clients(step); k++) {
        out.add("client " + k);
      }
      out.add("total");
      return out;
    }
    if (s != null && s.sweep().containsKey(factor)) {
      return s.sweep().get(factor);
    }
    Set<String> values = new LinkedHashSet<>();
    configurations.forEach(
        c -> {
          String v = attributesOf(c).get(factor);
          if (v != null) {
            values.add(v);
          }
        });
    return new ArrayList<>(values);
  }

  /** True if {@code factor} is an option {@code step} sweeps over numbers only. */
  boolean numericSweep(String factor, String step) {
    StepShape s = steps.get(step);
    List<String> values = s == null ? null : s.sweep().get(factor);
    return values != null && values.stream().allMatch(v -> v.matches("-?[0-9]+(\\.[0-9]+)?"));
  }

  /** Checks that {@code factor} (named in {@code field}) has a value in every cell of {@code v}. */
  void check(String field, String factor, LayoutTable.Value v, ValidationProblems problems) {
    StepShape step = steps.get(v.step());
    if (factor.equals(LayoutTable.CONFIGURATION)) {
      return;
    }
    if (factor.equals(LayoutTable.CLIENT)) {
      if (step.clients() < 2) {
        problems.problem(
            field,
            "factor 'client' needs a step with clients; step " + v.step() + " runs in one place");
      }
      return;
    }
    List<String> missing = new ArrayList<>();
    for (String c : configurations) {
      if (!attributesOf(c).containsKey(factor)) {
        missing.add(c);
      }
    }
    boolean attribute = missing.size() < configurations.size();
    boolean swept = step.sweep().containsKey(factor);
    if (attribute && swept) {
      problems.problem(
          field,
          "factor '"
              + factor
              + "' is both an attribute and an option step "
              + v.step()
              + " sweeps; rename the attribute");
    } else if (attribute && !missing.isEmpty()) {
      problems.problem(
          field,
          "factor '"
              + factor
              + "' is missing on configuration "
              + String.join(", ", missing)
              + "; give it in attributes of every configuration");
    } else if (!attribute && !swept) {
      boolean elsewhere = steps.values().stream().anyMatch(s -> s.sweep().containsKey(factor));
      problems.problem(
          field,
          elsewhere
              ? "factor '"
                  + factor
                  + "' is not swept in step "
                  + v.step()
                  + "; sweep it there, or give that step's values a table of their own"
              : "unknown factor '" + Texts.cut(factor) + "'; use one of: " + known());
    }
  }

  /** Checks that {@code value} is one {@code factor} takes in {@code v}'s step. */
  void checkWhere(
      String field, String factor, String value, LayoutTable.Value v, ValidationProblems problems) {
    List<String> domain = domain(factor, v.step());
    if (!domain.contains(value)) {
      problems.problem(
          field,
          "'"
              + Texts.cut(value)
              + "' is not a value of "
              + factor
              + " in step "
              + v.step()
              + "; use one of "
              + domain);
    }
  }

  /**
   * Checks that rows, columns and where tell apart every cell of {@code v}: no two configurations
   * and no two sweep points would fall in one table cell.
   */
  void checkCells(
      String field,
      LayoutTable.Value v,
      List<String> rows,
      List<String> columns,
      Map<String, String> where,
      ValidationProblems problems) {
    Set<String> used = new LinkedHashSet<>(rows);
    used.addAll(columns);
    if (!used.contains(LayoutTable.CONFIGURATION)) {
      Map<List<String>, String> seen = new LinkedHashMap<>();
      for (String c : configurations) {
        if (!kept(c, where)) {
          continue;
        }
        List<String> key = new ArrayList<>();
        used.forEach(f -> key.add(attributesOf(c).get(f)));
        String other = seen.putIfAbsent(key, c);
        if (other != null) {
          problems.problem(
              field,
              "configurations "
                  + other
                  + " and "
                  + c
                  + " fall in one cell; add configuration (or an attribute that tells them"
                  + " apart) to rows or columns, or keep one with where");
          break;
        }
      }
    }
    steps
        .get(v.step())
        .sweep()
        .forEach(
            (option, values) -> {
              if (values.size() > 1 && !used.contains(option) && !where.containsKey(option)) {
                problems.problem(
                    field,
                    "step "
                        + v.step()
                        + " sweeps "
                        + option
                        + " "
                        + values
                        + " but "
                        + option
                        + " is in neither rows, columns nor where; add it to rows or columns,"
                        + " or keep one value with where: {"
                        + option
                        + ": "
                        + values.get(0)
                        + "}");
              }
            });
  }

  /** True if configuration {@code c} passes the where factors that are about configurations. */
  boolean kept(String c, Map<String, String> where) {
    for (Map.Entry<String, String> w : where.entrySet()) {
      String f = w.getKey();
      String value = f.equals(LayoutTable.CONFIGURATION) ? c : attributesOf(c).get(f);
      if (value != null && !value.equals(w.getValue())) {
        return false;
      }
    }
    return true;
  }

  /** The factors there are, as an error lists them. */
  private String known() {
    Set<String> names = new LinkedHashSet<>();
    configurations.forEach(c -> names.addAll(attributesOf(c).keySet()));
    names.add(LayoutTable.CONFIGURATION);
    steps.values().forEach(s -> names.addAll(s.sweep().keySet()));
    if (steps.values().stream().anyMatch(s -> s.clients() > 1)) {
      names.add(LayoutTable.CLIENT);
    }
    return String.join(", ", names);
  }
}
