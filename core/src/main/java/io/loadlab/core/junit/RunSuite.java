package io.loadlab.core.junit;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run as a JUnit test suite: one case for the run's status (a failed run fails it with its
 * reason), one per rate check, one per criterion verdict (failed with the measured value).
 */
public final class RunSuite {
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss", Locale.ROOT);

  private RunSuite() {}

  /** The suite of a finished run, named {@link #name}. */
  public static JunitSuite of(RunResult r) {
    String name = name(r);
    List<JunitSuite.Case> cases = new ArrayList<>(cases(name, "", r));
    return new JunitSuite(name, timestamp(r.startTime()), seconds(r), cases);
  }

  /** {@code net rr}, or {@code net rr (bare)} with a label. */
  public static String name(RunResult r) {
    return r.workload() + (r.label() == null ? "" : " (" + r.label() + ")");
  }

  /**
   * The run's cases, their names starting with {@code prefix} (a campaign's run id and a space, or
   * nothing).
   */
  public static List<JunitSuite.Case> cases(String classname, String prefix, RunResult r) {
    List<JunitSuite.Case> cases = new ArrayList<>();
    boolean rateFailed = r.rateChecks() != null && r.rateChecks().stream().anyMatch(c -> !c.held());
    boolean carried = carriedByChecks(r.statusReason(), rateFailed, anyFailed(r.criteria()));
    cases.add(
        status(classname, prefix + "status", seconds(r), r.status(), r.statusReason(), carried));
    if (r.rateChecks() != null) {
      for (RateCheck c : r.rateChecks()) {
        String name = prefix + "rate held: " + c.operation();
        String text = rateText(c);
        cases.add(
            c.held()
                ? JunitSuite.Case.passed(classname, name, 0, text)
                : JunitSuite.Case.failed(classname, name, 0, "rate not held: " + text));
      }
    }
    cases.addAll(criteria(classname, prefix, r.criteria()));
    return cases;
  }

  /** One case per verdict, failed with the measured value. */
  public static List<JunitSuite.Case> criteria(
      String classname, String prefix, List<CriterionVerdict> verdicts) {
    List<JunitSuite.Case> cases = new ArrayList<>();
    if (verdicts == null) {
      return cases;
    }
    for (CriterionVerdict v : verdicts) {
      String name = prefix + Criteria.label(v);
      cases.add(
          v.passed()
              ? JunitSuite.Case.passed(classname, name, 0, v.message())
              : JunitSuite.Case.failed(classname, name, 0, v.message()));
    }
    return cases;
  }

  /**
   * True if a failed run's reason is a check that has a failed case of its own (a rate not held, a
   * criterion not met), so the status case need not count the same failure twice.
   */
  public static boolean carriedByChecks(
      String reason, boolean rateCaseFailed, boolean criterionCaseFailed) {
    if (reason == null) {
      return false;
    }
    return (reason.startsWith("rate not held") && rateCaseFailed)
        || (reason.startsWith("criteria not met") && criterionCaseFailed);
  }

  /** True if some verdict failed. */
  public static boolean anyFailed(List<CriterionVerdict> verdicts) {
    return verdicts != null && verdicts.stream().anyMatch(v -> !v.passed());
  }

  /**
   * The case of a run's status: passed if ok, failed with the reason if failed, an error if it was
   * stopped or never finished. A run failed only by a check that has its own failed case ({@code
   * carried}) passes here with the reason, so one failed check is one failure in a CI view.
   */
  public static JunitSuite.Case status(
      String classname,
      String name,
      double seconds,
      RunStatus status,
      String reason,
      boolean carried) {
    String shown = status == null ? "unknown" : status.jsonName();
    String message = reason == null ? "the run ended " + shown : reason;
    if (status == RunStatus.OK) {
      return JunitSuite.Case.passed(classname, name, seconds, "ok");
    }
    if (status == RunStatus.FAILED && carried) {
      return JunitSuite.Case.passed(
          classname, name, seconds, "ran to its end; failed by its own check: " + message);
    }
    if (status == RunStatus.FAILED) {
      return JunitSuite.Case.failed(classname, name, seconds, message);
    }
    return new JunitSuite.Case(
        classname, name, seconds, JunitSuite.Outcome.ERROR, shown + ": " + message, null);
  }

  private static String rateText(RateCheck c) {
    return String.format(
        Locale.ROOT,
        "achieved %.1f of %.1f %s (%s%%; %s%% needed)",
        c.achievedPerSec(),
        c.targetPerSec(),
        c.unit(),
        io.loadlab.core.util.Numbers.percentBeside(c.ratio(), c.tolerance()),
        io.loadlab.core.util.Numbers.percent(c.tolerance()));
  }

  /** {@code 2026-05-01T10:00:00}: UTC without zone or fraction, as the Ant layout has it. */
  public static String timestamp(String isoInstant) {
    if (isoInstant == null) {
      return null;
    }
    try {
      return STAMP.format(LocalDateTime.ofInstant(Instant.parse(isoInstant), ZoneOffset.UTC));
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static double seconds(RunResult r) {
    try {
      if (r.startTime() == null || r.endTime() == null) {
        return 0;
      }
      return Duration.between(Instant.parse(r.startTime()), Instant.parse(r.endTime())).toMillis()
          / 1000.0;
    } catch (DateTimeParseException e) {
      return 0;
    }
  }
}
