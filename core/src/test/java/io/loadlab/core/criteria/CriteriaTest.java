package io.loadlab.core.criteria;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.results.CriterionVerdict;
import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Criteria parsed and checked against a result made by hand. */
class CriteriaTest {
  private static final List<String> DS2 = List.of("opm", "orders", "sent");

  /** purchase (p99 3,412 µs, 2 errors of 1,000) and browse (p99 800 µs, no errors). */
  static RunResult ds2() {
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    totals.put("purchase", Results.op(1000, 2, 100, 3412));
    totals.put("browse", Results.op(5000, 0, 500, 800));
    totals.put("purchase rollback", Results.op(10, 0, 1, 50));
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("opm", 950.0);
    figures.put("sent size=64", 1200.0);
    figures.put("sent size=1024", 800.0);
    return Results.of(totals, figures);
  }

  static List<CriterionVerdict> verdicts(String... texts) {
    return Criteria.parse("--criteria", List.of(texts), DS2).evaluate(ds2());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "purchase:p99Us<3412|false",
        "purchase:p99Us<=3412|true",
        "purchase:p99Us>3412|false",
        "purchase:p99Us>=3412|true",
        "purchase:p99Us==3412|true",
        "purchase:p99Us!=3412|false",
        "purchase:p99Us<3413|true",
        "purchase:p99Us>3411.5|true",
        "purchase:p99Ms<=3.412|true",
        "purchase:p99Ms<3.412|false",
        "purchase : errors == 2|true",
        "purchase:errorPercent<0.2|false",
        "purchase:errorPercent<=0.2|true",
        "purchase:rate>=100|true",
        "purchase:count>1000|false",
        "purchase:bytesPerSec==10000|true",
        "purchase:cpuUsPerOp<=12.5|true",
        "purchase:maxUs<1e4|false",
        "opm>=1000|false",
        "opm>900|true",
      })
  void everyOperatorIsStrictOrNotAsDocumented(String criterion, boolean passes) {
    List<CriterionVerdict> v = verdicts(criterion);
    assertEquals(1, v.size(), v.toString());
    assertEquals(passes, v.get(0).passed(), v.get(0).message());
    assertEquals(criterion, v.get(0).criterion());
  }

  @Test
  void aFigureWithoutScopeIsCheckedOnEveryOperation() {
    List<CriterionVerdict> v = verdicts("p99Us<=2000");
    assertEquals(3, v.size());
    assertEquals("purchase", v.get(0).operation());
    assertFalse(v.get(0).passed());
    assertEquals(3412.0, v.get(0).measured());
    assertEquals("purchase: p99Us<=2000: measured 3,412", v.get(0).message());
    assertTrue(v.get(1).passed() && v.get(2).passed());
    assertEquals("criteria not met: purchase: p99Us<=2000: measured 3,412", Criteria.notMet(v));
    assertEquals("purchase: p99Us<=2000", Criteria.label(v.get(0)));
  }

  @Test
  void anExactOperationNameWinsOverItsPrefixAndAPrefixTakesEveryOperationItStarts() {
    assertEquals(1, verdicts("purchase:count>0").size());
    Map<String, OperationStats> totals = new LinkedHashMap<>();
    totals.put("latency size=64", Results.op(10, 0, 1, 300));
    totals.put("latency size=1024", Results.op(10, 0, 1, 900));
    List<CriterionVerdict> v =
        Criteria.parse("--criteria", List.of("latency:p99Us<500"), List.of())
            .evaluate(Results.of(totals, Map.of()));
    assertEquals(List.of(true, false), v.stream().map(CriterionVerdict::passed).toList());
    assertEquals("latency size=1024", v.get(1).operation());
  }

  @Test
  void severalCriteriaByCommasOrRepeatedValuesInTheOrderGiven() {
    Criteria c =
        Criteria.parse("--criteria", List.of("errors==0, opm>=900", "browse:p50Us<1000"), DS2);
    assertEquals(List.of("errors==0", "opm>=900", "browse:p50Us<1000"), c.texts());
    List<CriterionVerdict> v = c.evaluate(ds2());
    assertEquals(5, v.size());
    assertEquals(1, v.stream().filter(x -> !x.passed()).count());
    assertEquals("criteria not met: purchase: errors==0: measured 2", Criteria.notMet(v));
  }

  @Test
  void aCommaInsideAnOperationNameStaysInIt() {
    assertEquals(
        List.of("GET /a,b:p99Us<2000", "errors==0"),
        Criteria.split("GET /a,b:p99Us<2000,errors==0"));
    Map<String, OperationStats> totals = Map.of("search, all", Results.op(3, 0, 1, 700));
    List<CriterionVerdict> v =
        Criteria.parse("--criteria", List.of("search, all:p99Us<2000"), List.of())
            .evaluate(Results.of(totals, Map.of()));
    assertTrue(v.get(0).passed(), v.toString());
  }

  @Test
  void aWorkloadFigurePerSizeGetsAVerdictPerSizeOrOneByScope() {
    List<CriterionVerdict> all = verdicts("sent>=1000");
    assertEquals(2, all.size());
    assertEquals("size=64", all.get(0).operation());
    assertTrue(all.get(0).passed());
    assertFalse(all.get(1).passed());
    assertEquals("size=1024: sent>=1000: measured 800", all.get(1).message());
    List<CriterionVerdict> one = verdicts("size=64:sent>=1000");
    assertEquals(1, one.size());
    assertTrue(one.get(0).passed());
    assertTrue(verdicts("sent size=64>=1000").get(0).passed(), "the full name works too");
  }

  @Test
  void aUdpFigureIsScopedByItsOperation() {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("rr users=1: lost", 0.0);
    figures.put("rr users=2: lost", 3.0);
    RunResult r = Results.of(Map.of(), figures);
    List<CriterionVerdict> v =
        Criteria.parse("--criteria", List.of("lost==0"), List.of("lost")).evaluate(r);
    assertEquals(List.of(true, false), v.stream().map(CriterionVerdict::passed).toList());
    assertEquals("rr users=2: lost==0: measured 3", v.get(1).message());
    List<CriterionVerdict> one =
        Criteria.parse("--criteria", List.of("rr users=1:lost==0"), List.of("lost")).evaluate(r);
    assertEquals(1, one.size());
    assertTrue(one.get(0).passed());
  }

  @Test
  void whatTheRunLacksFailsSayingWhatItHas() {
    CriterionVerdict op = verdicts("checkout:p99Us<10").get(0);
    assertFalse(op.passed());
    assertNull(op.measured());
    assertEquals(
        "checkout: p99Us<10: not measured: the run has no operation checkout; its operations:"
            + " purchase, browse, purchase rollback",
        op.message());
    CriterionVerdict fig = verdicts("orders>0").get(0);
    assertFalse(fig.passed());
    assertTrue(fig.message().startsWith("orders>0: not reported by this run"), fig.message());
    List<CriterionVerdict> none =
        Criteria.parse("--criteria", List.of("errors==0"), List.of())
            .evaluate(Results.of(Map.of(), Map.of()));
    assertEquals(1, none.size());
    assertFalse(none.get(0).passed());
    assertEquals("errors==0: not measured: the run measured no operation", none.get(0).message());
  }

  @Test
  void judgeFailsAnOkResultAndKeepsAnotherReason() {
    Criteria c = Criteria.parse("--criteria", List.of("p99Us<=2000"), DS2);
    RunResult judged = c.judge(ds2());
    assertEquals(RunStatus.FAILED, judged.status());
    assertEquals("criteria not met: purchase: p99Us<=2000: measured 3,412", judged.statusReason());
    RunResult failed = ds2().withStatus(RunStatus.FAILED, "JMeter exited with 1");
    RunResult kept = c.judge(failed);
    assertEquals("JMeter exited with 1", kept.statusReason());
    assertEquals(3, kept.criteria().size(), "a failed run still gets its verdicts");
    assertTrue(Criteria.NONE.judge(ds2()).criteria() == null);
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "p99us<=2000|unknown figure 'p99us'; did you mean p99Us?",
        "opn>=1000|unknown figure 'opn'; did you mean opm?",
        "errors=0|no operator ('=' alone is not one; write ==)",
        "errors=<1|=< is not an operator; write <=",
        "p99Us<=2ms|'2ms' is not a number",
        "p99Us<=|'' is not a number",
        "p99Us<=1e400|'1e400' is past the largest number a bound may be",
        "p99Us>=-1e400|'-1e400' is past the largest number a bound may be",
        ":p99Us<=2|nothing before ':'",
        "p99Us|no operator;",
        "' '|an empty criterion",
      })
  void badCriteriaAreOneLineNamingTheOptionAndTheFix(String text, String says) {
    UsageException e =
        assertThrows(UsageException.class, () -> Criteria.parse("--criteria", List.of(text), DS2));
    assertTrue(e.getMessage().startsWith("--criteria"), e.getMessage());
    assertTrue(e.getMessage().contains(says), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void aWorkloadFigureOfAnotherCommandIsUnknown() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> Criteria.parse("steps[0].criteria", List.of("opm>=1"), List.of("lost")));
    assertTrue(
        e.getMessage().startsWith("steps[0].criteria: 'opm>=1': unknown figure"), e.getMessage());
    assertTrue(e.getMessage().contains("of this command's runs: lost"), e.getMessage());
  }

  @Test
  void measuredValuesReadEasily() {
    assertEquals("3,412", Criterion.format(3412));
    assertEquals("12,345.7", Criterion.format(12345.67));
    assertEquals("0.04213", Criterion.format(0.0421349));
    assertEquals("12.5", Criterion.format(12.5));
  }
}
