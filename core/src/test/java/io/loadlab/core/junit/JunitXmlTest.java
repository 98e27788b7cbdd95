package io.loadlab.core.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.criteria.Criteria;
import io.loadlab.core.export.JunitExporter;
import io.loadlab.core.results.RateCheck;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.run.FinalWrites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.SAXException;

/**
 * A run's JUnit XML, read back through the schemas CI servers' layouts follow: the Ant file against
 * the CI layout and the strict Ant schema, the Surefire files beside it against Surefire's.
 */
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
    // The strict Ant schema allows no attribute on the root: each suite carries its own counts.
    assertTrue(xml.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>"), xml);
    assertTrue(xml.contains(" failures=\"1\" "), xml);
    assertTrue(xml.contains("time=\"1.500\""), xml);
    assertTrue(xml.contains("id=\"0\"") && xml.contains("id=\"1\""), "suites numbered: " + xml);
  }

  /**
   * Every outcome, in the strict Ant JUnit schema's rules (the one many CI plugins document):
   * package, id and hostname on each suite, a properties element, system-out and system-err, a type
   * on each failure and error, no output inside a case.
   */
  @Test
  void everyOutcomeIsValidInTheStrictAntSchema() throws Exception {
    JunitSuite s =
        new JunitSuite(
            "net rr (bare)",
            null,
            3,
            List.of(
                JunitSuite.Case.passed("net rr (bare)", "held", 0, "held: measured 1"),
                JunitSuite.Case.failed("net rr (bare)", "missed", 0, "measured 3"),
                new JunitSuite.Case(
                    "net rr (bare)", "status", 3, JunitSuite.Outcome.ERROR, null, null),
                new JunitSuite.Case(
                    "net rr (bare)", "later", 0, JunitSuite.Outcome.SKIPPED, "not run", null)));
    Path file = dir.resolve("strict.xml");
    JunitXml.write(List.of(s), file);
    JunitFiles.validate(file, "ant-junit-strict.xsd");
    List<JunitFiles.ReadCase> cases = JunitFiles.read(file);
    assertEquals("held: measured 1", JunitFiles.named(cases, "held").out(), "its output line");
    assertEquals("error", JunitFiles.named(cases, "status").outcome());
    assertEquals("skipped", JunitFiles.named(cases, "later").outcome());
    String xml = Files.readString(file);
    assertTrue(xml.contains("hostname=\"" + JunitXml.hostName() + "\""), xml);
    assertTrue(xml.contains("package=\"loadlab\""), xml);
    assertTrue(xml.matches("(?s).*timestamp=\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\".*"), xml);

    // What the strict schema refuses, as the earlier layout had it.
    Path old = dir.resolve("old.xml");
    Files.writeString(
        old,
        "<testsuites tests=\"1\"><testsuite name=\"x\" tests=\"1\" failures=\"0\""
            + " errors=\"0\" time=\"1\" timestamp=\"2026-05-01T10:00:00\"><testcase"
            + " classname=\"x\" name=\"y\" time=\"1\"><system-out>z</system-out></testcase>"
            + "</testsuite></testsuites>");
    JunitFiles.validate(old, "junit.xsd");
    assertThrows(SAXException.class, () -> JunitFiles.validate(old, "ant-junit-strict.xsd"));
  }

  /**
   * Why there are two layouts: Surefire's schema wants a testsuite root with none of the attributes
   * and elements the strict Ant schema requires (its anyAttribute-free attribute list refuses
   * timestamp and hostname; its suite holds no system-out), and the strict Ant schema wants them.
   */
  @Test
  void noOneDocumentSatisfiesBothSchemasSoBothLayoutsAreWritten() throws Exception {
    JunitSuite s =
        new JunitSuite(
            "net rr",
            "2026-05-01T10:00:00",
            1,
            List.of(JunitSuite.Case.passed("net rr", "status", 1, "ran to its end")));
    Path file = dir.resolve("both.xml");
    JunitXml.write(List.of(s), file);
    Path surefire = dir.resolve("both/TEST-loadlab-net_rr.xml");
    JunitFiles.validate(surefire, "surefire-report.xsd");
    assertThrows(SAXException.class, () -> JunitFiles.validate(file, "surefire-report.xsd"));
    assertThrows(SAXException.class, () -> JunitFiles.validate(surefire, "ant-junit-strict.xsd"));
    String xml = Files.readString(surefire);
    assertTrue(xml.contains("<property name=\"timestamp\" value=\"2026-05-01T10:00:00\"/>"), xml);
    assertTrue(xml.contains("<system-out>ran to its end</system-out>"), "the case's own: " + xml);

    // The Ant schema's one-suite document (timestamp, hostname, properties, system-out and
    // system-err) is not Surefire's, and Surefire's root takes no timestamp.
    Path top = dir.resolve("top.xml");
    Files.writeString(
        top,
        "<testsuite name=\"x\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\""
            + " time=\"1\" timestamp=\"2026-05-01T10:00:00\" hostname=\"h\"><properties/>"
            + "<testcase classname=\"x\" name=\"y\" time=\"1\"/><system-out/><system-err/>"
            + "</testsuite>");
    JunitFiles.validate(top, "ant-junit-strict.xsd");
    assertThrows(SAXException.class, () -> JunitFiles.validate(top, "surefire-report.xsd"));
    Path stamped = dir.resolve("stamped.xml");
    Files.writeString(
        stamped,
        "<testsuite name=\"x\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\""
            + " timestamp=\"2026-05-01T10:00:00\"><testcase name=\"y\" time=\"1\"/>"
            + "</testsuite>");
    assertThrows(SAXException.class, () -> JunitFiles.validate(stamped, "surefire-report.xsd"));
  }

  @Test
  void theSurefireDirectoryIsTheFilesNameWithoutXml() {
    assertEquals(Path.of("out/junit"), JunitXml.surefireDirectory(Path.of("out/junit.xml")));
    assertEquals(Path.of("a"), JunitXml.surefireDirectory(Path.of("a.XML")));
    assertEquals(Path.of(".xml-surefire"), JunitXml.surefireDirectory(Path.of(".xml")));
    assertEquals(Path.of("ci/report-surefire"), JunitXml.surefireDirectory(Path.of("ci/report")));
  }

  @Test
  void eachSuiteHasItsOwnFileAndSuitesGoneLoseTheirs() throws Exception {
    JunitSuite a = new JunitSuite("c: bare/lat", null, 1, List.of());
    JunitSuite sameName = new JunitSuite("c: bare lat", null, 1, List.of());
    JunitSuite b = new JunitSuite("c: tuned/lat", null, 1, List.of());
    Path file = dir.resolve("junit.xml");
    Path out = dir.resolve("junit");
    Files.createDirectories(out);
    Files.writeString(out.resolve("TEST-other.xml"), "not ours");
    JunitXml.write(List.of(a, sameName, b), file);
    assertEquals(
        List.of(
            "TEST-loadlab-c_bare_lat-2.xml",
            "TEST-loadlab-c_bare_lat.xml",
            "TEST-loadlab-c_tuned_lat.xml",
            "TEST-other.xml"),
        names(out));
    JunitXml.write(List.of(b), file);
    assertEquals(List.of("TEST-loadlab-c_tuned_lat.xml", "TEST-other.xml"), names(out));
    Files.delete(out.resolve("TEST-other.xml"));
    assertEquals(List.of(), JunitFiles.read(file), "the Surefire file is the suite's");
  }

  @Test
  void aCopyHoldsBothLayouts() throws Exception {
    JunitSuite a =
        new JunitSuite(
            "net rr",
            null,
            1,
            List.of(JunitSuite.Case.failed("net rr", "status", 1, "3 failed operations")));
    Path file = dir.resolve("campaign/junit.xml");
    Files.createDirectories(file.getParent());
    JunitXml.write(List.of(a), file);
    Path copy = dir.resolve("ci/reports/loadlab.xml");
    Files.createDirectories(dir.resolve("ci/reports/loadlab"));
    Files.writeString(dir.resolve("ci/reports/loadlab/TEST-loadlab-old.xml"), "stale");
    JunitXml.copy(file, copy);
    assertEquals(List.of("TEST-loadlab-net_rr.xml"), names(dir.resolve("ci/reports/loadlab")));
    assertEquals(
        "3 failed operations", JunitFiles.named(JunitFiles.read(copy), "status").message());
    JunitXml.copy(file, file); // onto itself: nothing lost
    assertEquals(1, JunitFiles.read(file).size());
  }

  /** A run is never ok while one of its JUnit files is missing. */
  @Test
  void aRunWhoseSurefireFilesCannotBeWrittenFailsAndWritesNoAntFile() throws Exception {
    Path file = dir.resolve("blocked.xml");
    Files.writeString(dir.resolve("blocked"), "a file where the Surefire directory goes");
    RunResult ok =
        io.loadlab.core.criteria.Results.of(
            Map.of("rr users=1", io.loadlab.core.criteria.Results.op(1000, 0, 100, 3412)),
            Map.of());
    assertEquals(RunStatus.OK, ok.status());
    RunResult r = FinalWrites.write(List.of(new JunitExporter(file)), ok);
    assertEquals(RunStatus.FAILED, r.status());
    assertTrue(
        r.statusReason()
            .contains(
                "its Surefire-layout files cannot be written in "
                    + dir.resolve("blocked")
                    + " (a file is there, not a directory)"),
        r.statusReason());
    assertFalse(Files.exists(file), "no Ant file that says ok");
  }

  private static List<String> names(Path dir) throws java.io.IOException {
    try (var all = Files.list(dir)) {
      return all.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
