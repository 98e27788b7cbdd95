package io.loadlab.core.criteria;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.NearestName;
import io.loadlab.core.util.Numerals;
import io.loadlab.core.util.Texts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One criterion, such as {@code purchase:p99Us<=2000}: an optional scope (an operation, or the
 * qualifier of a workload figure such as {@code size=64}), a figure, an operator and a limit.
 *
 * @param text the criterion as the user wrote it
 * @param scope what is before the last {@code :}, or {@code null} for every operation (or the whole
 *     run)
 * @param figure the figure's name, such as {@code p99Us} or {@code opm}
 * @param comparison the operator
 * @param limit the value compared with
 * @param limitText the value as written, for messages
 * @param ofOperation true for an operation figure ({@link OperationFigures}), false for a workload
 *     figure of the result's {@code figures}
 */
record Criterion(
    String text,
    String scope,
    String figure,
    Comparison comparison,
    double limit,
    String limitText,
    boolean ofOperation) {

  /** FIGURE OP VALUE, the figure as short as it can be (so {@code sent size=64>=1} works). */
  private static final Pattern EXPRESSION = Pattern.compile("(.+?)\\s*(<=|>=|==|!=|<|>)\\s*(.*)");

  private static final Pattern NUMBER =
      Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

  private static final Pattern FIGURE = Pattern.compile("[A-Za-z][A-Za-z0-9_ %/.=-]*");

  /**
   * Parses one criterion.
   *
   * @param option the option or field it came from, named in errors (e.g. {@code --criteria})
   * @param runFigures the workload figures the command reports, by name without qualifier
   * @throws UsageException one line naming the option, the criterion and the fix
   */
  static Criterion parse(String option, String text, Collection<String> runFigures) {
    String t = text.strip();
    String where = option + ": '" + Texts.cut(t) + "'";
    if (t.isEmpty()) {
      throw new UsageException(option + ": an empty criterion; give e.g. p99Us<=2000 or errors==0");
    }
    if (!Numerals.digitsHint(t).isEmpty()) {
      throw new UsageException(
          where + ":" + Numerals.digitsHint(t).replace(" (", " ").replace(")", ""));
    }
    int colon = t.lastIndexOf(':');
    String scope = colon < 0 ? null : t.substring(0, colon).strip();
    String rest = t.substring(colon + 1).strip();
    if (scope != null && scope.isEmpty()) {
      throw new UsageException(
          where + ": nothing before ':'; name an operation, e.g. purchase:p99Us<=2000");
    }
    for (String wrong : List.of("=<", "=>", "=!")) {
      if (rest.contains(wrong)) {
        String right = new StringBuilder(wrong).reverse().toString();
        throw new UsageException(where + ": " + wrong + " is not an operator; write " + right);
      }
    }
    Matcher m = EXPRESSION.matcher(rest);
    if (!m.matches()) {
      throw new UsageException(
          where
              + ": no operator"
              + (rest.contains("=") ? " ('=' alone is not one; write ==)" : "")
              + "; write FIGURE OP VALUE with OP one of <, <=, >, >=, ==, !=, e.g. errors==0");
    }
    String figure = m.group(1).strip();
    Comparison comparison = Comparison.of(m.group(2));
    String value = m.group(3).strip();
    if (!NUMBER.matcher(value).matches()) {
      throw new UsageException(
          where
              + ": '"
              + Texts.cut(value)
              + "' is not a number; give a plain number in the figure's unit (µs for p99Us, ms for"
              + " p99Ms)");
    }
    boolean ofOperation = OperationFigures.has(figure);
    if (!ofOperation && !(FIGURE.matcher(figure).matches() && isRunFigure(figure, runFigures))) {
      throw new UsageException(where + ": " + unknown(figure, runFigures));
    }
    double limit = Double.parseDouble(value);
    if (Double.isInfinite(limit)) {
      throw new UsageException(
          where
              + ": '"
              + Texts.cut(value)
              + "' is past the largest number a bound may be (about 1.8e308); give a finite"
              + " bound in the figure's unit");
    }
    return new Criterion(t, scope, figure, comparison, limit, value, ofOperation);
  }

  private static boolean isRunFigure(String figure, Collection<String> runFigures) {
    return runFigures.contains(figure) || runFigures.contains(base(figure));
  }

  /** {@code sent} of {@code sent size=64}. */
  private static String base(String figure) {
    int space = figure.indexOf(' ');
    return space < 0 ? figure : figure.substring(0, space);
  }

  private static String unknown(String figure, Collection<String> runFigures) {
    Set<String> known = new LinkedHashSet<>(OperationFigures.names());
    known.addAll(runFigures);
    String nearest = NearestName.of(figure, known);
    if (nearest == null) {
      nearest = NearestName.of(figure.toLowerCase(Locale.ROOT), lowerCased(known));
    }
    return "unknown figure '"
        + Texts.cut(figure)
        + "'"
        + (nearest == null ? "" : "; did you mean " + nearest + "?")
        + " Figures of each operation: count, errors, errorPercent, rate, bytesPerSec, minUs,"
        + " meanUs, p50Us, p90Us, p99Us, p999Us, p9999Us, maxUs (or ...Ms), cpuUsPerOp"
        + (runFigures.isEmpty()
            ? "; this command reports no other figures"
            : "; of this command's runs: " + String.join(", ", runFigures));
  }

  private static List<String> lowerCased(Set<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      out.add(n.toLowerCase(Locale.ROOT));
    }
    return out;
  }

  /** {@code p99Us<=2000}: the criterion without its scope, spaces removed around the operator. */
  String expression() {
    return figure + comparison.symbol() + limitText;
  }

  /** The verdicts on a result: one per operation (or figure) the criterion applies to. */
  List<CriterionVerdict> evaluate(RunResult r) {
    return ofOperation ? onOperations(r) : onFigures(r);
  }

  private List<CriterionVerdict> onOperations(RunResult r) {
    Map<String, OperationStats> totals = r.totals() == null ? Map.of() : r.totals();
    List<String> ops = new ArrayList<>();
    if (scope == null) {
      ops.addAll(totals.keySet());
    } else if (totals.containsKey(scope)) {
      ops.add(scope);
    } else {
      // latency:p99Us<=500 is every "latency size=..." operation.
      totals.keySet().stream().filter(k -> k.startsWith(scope + " ")).forEach(ops::add);
    }
    if (ops.isEmpty()) {
      String why =
          totals.isEmpty()
              ? "not measured: the run measured no operation"
              : "not measured: the run has no operation "
                  + scope
                  + "; its operations: "
                  + shortList(totals.keySet());
      return List.of(missing(scope, why));
    }
    List<CriterionVerdict> verdicts = new ArrayList<>();
    for (String op : ops) {
      verdicts.add(verdict(op, OperationFigures.value(figure, totals.get(op))));
    }
    return verdicts;
  }

  private List<CriterionVerdict> onFigures(RunResult r) {
    Map<String, Double> figures = r.figures() == null ? Map.of() : r.figures();
    List<CriterionVerdict> verdicts = new ArrayList<>();
    if (scope == null && figures.containsKey(figure)) {
      verdicts.add(verdict(null, figures.get(figure)));
      return verdicts;
    }
    // "sent size=64" and UDP's "rr users=1: lost": the qualifier is the verdict's scope.
    for (Map.Entry<String, Double> e : figures.entrySet()) {
      String name = e.getKey();
      String qualifier = null;
      if (name.startsWith(figure + " ")) {
        qualifier = name.substring(figure.length() + 1);
      } else if (name.endsWith(": " + figure)) {
        qualifier = name.substring(0, name.length() - figure.length() - 2);
      }
      if (qualifier != null && (scope == null || scope.equals(qualifier))) {
        verdicts.add(verdict(qualifier, e.getValue()));
      }
    }
    if (verdicts.isEmpty()) {
      verdicts.add(
          missing(
              scope,
              "not reported by this run"
                  + (figures.isEmpty() ? "" : "; its figures: " + shortList(figures.keySet()))));
    }
    return verdicts;
  }

  private CriterionVerdict verdict(String subject, Double measured) {
    if (measured == null || measured.isNaN()) {
      return missing(subject, "not measured");
    }
    boolean passed = comparison.holds(measured, limit);
    return new CriterionVerdict(
        text, subject, measured, passed, prefix(subject) + ": measured " + format(measured));
  }

  private CriterionVerdict missing(String subject, String why) {
    return new CriterionVerdict(text, subject, null, false, prefix(subject) + ": " + why);
  }

  /** {@code purchase: p99Us<=2000}, or {@code opm>=1000} for the whole run. */
  String prefix(String subject) {
    return (subject == null ? "" : subject + ": ") + expression();
  }

  private static String shortList(Set<String> names) {
    List<String> all = new ArrayList<>(names);
    String shown = String.join(", ", all.subList(0, Math.min(8, all.size())));
    return all.size() > 8 ? shown + ", ... (" + all.size() + " in all)" : shown;
  }

  /** A measured value for people: 3,412 or 0.0421 or 12.5. */
  static String format(double v) {
    return io.loadlab.core.util.Numbers.verdict(v);
  }
}
