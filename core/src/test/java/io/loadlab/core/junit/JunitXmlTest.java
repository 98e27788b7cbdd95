package io.loadlab.core.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.export.JunitExporter;
import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.SAXException;

/** A run's JUnit XML, read back through the schema CI servers' layout follows. */
class JunitXmlTest {
  @TempDir Path dir;

  private static RunResult run(RunStatus status, String reason) {
    RunResult base =
        io.loadlab.core.criteria.Results.of(
            Map.of("rr users=1", io.loadlab.core.criteria.Results.op(1000, 0, 100, 3412)),
            Map.of());
    RunResult withRate =
        new RunResult(
            base.toolVersion(),
            "net rr",
            "bare",
            null,
            Map.of(),
            null,
            null,
            base.startTime(),
            base.endTime(),
            status,
            reason,
            Map.of(),
            base.totals(),
            List.of(),
            List.of(),
            List.of(new RateCheck("rr users=1", "tx/s", 1000, 260, 0.95, false)),
            null,
            null,
            null);
    return Criteria.parse("--criteria", List.of("p99Us<=5000,rate>=500"), List.of())
        .judge(withRate);
  }

  @Test
  void aFailedRunHasEachCheckAsACaseAndItsFailedCheckCountsOnce() throws Exception {
    Path file = dir.resolve("sub/junit.xml");
    JunitExporter.write(run(RunStatus.FAILED, "rate not held: 260 of 1,000 tx/s"), file);
    List<JunitFiles.ReadCase> cases = JunitFiles.read(file);
    assertEquals(4, cases.size(), cases.toString());
    assertEquals("net rr (bare)", cases.get(0).suite());
    assertEquals("net rr (bare)", cases.get(0).classname());
    // The rate check's own case carries the failure; the status case says why the run failed.
    JunitFiles.ReadCase status = JunitFiles.named(cases, "status");
    assertEquals("passed", status.outcome());
    assertEquals(
        "ran to its end; failed by its own check: rate not held: 260 of 1,000 tx/s", status.out());
    JunitFiles.ReadCase rate = JunitFiles.named(cases, "rate held: rr users=1");
    assertEquals("failure", rate.outcome());
    assertTrue(rate.message().contains("achieved 260.0 of 1000.0 tx/s (26%"), rate.message());
    JunitFiles.ReadCase p99 = JunitFiles.named(cases, "rr users=1: p99Us<=5000");
    assertEquals("passed", p99.outcome());
    assertNull(p99.message());
    assertEquals("rr users=1: p99Us<=5000: measured 3,412", p99.out());
    JunitFiles.ReadCase rateCriterion = JunitFiles.named(cases, "rr users=1: rate>=500");
    assertEquals("failure", rateCriterion.outcome());
    assertEquals("rr users=1: rate>=500: measured 100", rateCriterion.message());
    String xml = Files.readString(file);
    assertTrue(xml.contains("timestamp=\"2026-05-01T10:00:00\""), xml);
    assertTrue(xml.contains("time=\"10.000\""), xml);
  }

  @Test
  void aRunFailedForAnotherReasonFailsItsStatusCase() throws Exception {
    Path file = dir.resolve("other/junit.xml");
    JunitExporter.write(run(RunStatus.FAILED, "3 failed operations"), file);
    JunitFiles.ReadCase status = JunitFiles.named(JunitFiles.read(file), "status");
    assertEquals("failure", status.outcome());
    assertEquals("3 failed operations", status.message());
  }

  @Test
  void anAbortedRunIsAnErrorNotAFailure() throws Exception {
    Path file = dir.resolve("junit.xml");
    JunitExporter.write(run(RunStatus.ABORTED, "stopped by SIGINT\u0001"), file);
    JunitFiles.ReadCase status = JunitFiles.named(JunitFiles.read(file), "status");
    assertEquals("error", status.outcome());
    assertEquals("aborted: stopped by SIGINT?", status.message(), "no control character");
  }

  @Test
  void theSchemaRefusesWhatCiServersCouldNotRead() throws Exception {
    Path bad = dir.resolve("bad.xml");
    Files.writeString(
        bad,
        "<testsuites><testsuite name=\"x\" tests=\"1\"><testcase classname=\"x\" time=\"1\"/>"
            + "</testsuite></testsuites>");
    assertThrows(SAXException.class, () -> JunitFiles.read(bad), "a testcase needs a name");
    Path badTime = dir.resolve("bad-time.xml");
    Files.writeString(
        badTime,
        "<testsuite name=\"x\" tests=\"1\" timestamp=\"2026-05-01T10:00:00Z\"><testcase"
            + " classname=\"x\" name=\"y\" time=\"1,5\"/></testsuite>");
    assertThrows(SAXException.class, () -> JunitFiles.read(badTime));
  }

  @Test
  void suitesAddUpUnderTheRoot() throws Exception {
    JunitSuite a =
        new JunitSuite(
            "a",
            null,
            1.5,
            List.of(
                JunitSuite.Case.passed("a", "one", 0, null),
                JunitSuite.Case.failed("a", "two", 0, "measured 3")));
    JunitSuite b = new JunitSuite("b", "2026-05-01T10:00:00", 2, List.of());
    Path file = dir.resolve("two.xml");
    JunitXml.write(List.of(a, b), file);
    assertEquals(2, JunitFiles.read(file).size());
    String xml = Files.readString(file);
    assertTrue(xml.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "), xml);
    assertTrue(xml.contains(" failures=\"1\" skipped=\"0\" tests=\"2\" time=\"3.500\">"), xml);
    assertTrue(xml.contains("time=\"3.500\""), xml);
  }
}
