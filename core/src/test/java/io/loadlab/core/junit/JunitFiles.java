package io.loadlab.core.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads a JUnit XML file as a CI server would: validated against the test schemas ({@code
 * junit.xsd}, the Ant layout as CI servers read it, and {@code ant-junit-strict.xsd}, the strict
 * Ant JUnit schema's rules), with each suite's counts checked against its cases. A case's output is
 * its line ({@code NAME: OUTPUT}) in the suite's {@code system-out}. The Surefire-layout files
 * beside it are read too, each validated against {@code surefire-report.xsd} (Surefire's schema's
 * rules), and must hold the same suites and cases (a case's output its own {@code system-out}).
 */
public final class JunitFiles {
  private JunitFiles() {}

  /** One test case as read back. */
  public record ReadCase(
      String suite, String classname, String name, String outcome, String message, String out) {}

  /**
   * Validates {@code file} and its Surefire-layout files and returns its cases, in order; fails the
   * test if one is not valid or the two layouts differ.
   */
  public static List<ReadCase> read(Path file) throws Exception {
    for (String name : List.of("junit.xsd", "ant-junit-strict.xsd")) {
      validate(file, name);
    }
    Element root = parse(file).getDocumentElement();
    assertEquals("testsuites", root.getTagName(), "the Ant file's root");
    List<ReadCase> cases = new ArrayList<>();
    Map<String, List<ReadCase>> bySuite = new LinkedHashMap<>();
    Map<String, String> stamps = new LinkedHashMap<>();
    NodeList suites = root.getElementsByTagName("testsuite");
    for (int i = 0; i < suites.getLength(); i++) {
      Element s = (Element) suites.item(i);
      List<ReadCase> suiteCases = cases(s, c -> output(s, c.getAttribute("name")));
      cases.addAll(suiteCases);
      bySuite.computeIfAbsent(s.getAttribute("name"), k -> new ArrayList<>()).addAll(suiteCases);
      stamps.put(s.getAttribute("name"), s.getAttribute("timestamp"));
    }
    Map<String, List<ReadCase>> surefire = readSurefire(JunitXml.surefireDirectory(file), stamps);
    assertEquals(bySuite, surefire, "the Surefire layout holds what the Ant file does");
    return cases;
  }

  /**
   * Every Surefire-layout file in {@code dir}, validated, as its suite's cases; the {@code
   * timestamp} property of each is checked against {@code stamps} (suite name to timestamp).
   */
  public static Map<String, List<ReadCase>> readSurefire(Path dir, Map<String, String> stamps)
      throws Exception {
    Map<String, List<ReadCase>> bySuite = new LinkedHashMap<>();
    List<Path> files;
    try (Stream<Path> all = Files.list(dir)) {
      files = all.filter(p -> p.getFileName().toString().endsWith(".xml")).sorted().toList();
    }
    for (Path f : files) {
      assertTrue(
          f.getFileName().toString().startsWith("TEST-loadlab-"), "a Surefire file's name: " + f);
      validate(f, "surefire-report.xsd");
      Element s = parse(f).getDocumentElement();
      assertEquals("testsuite", s.getTagName(), f + "'s root");
      String name = s.getAttribute("name");
      bySuite.computeIfAbsent(name, k -> new ArrayList<>()).addAll(cases(s, c -> ownOutput(c)));
      assertEquals(stamps.get(name), property(s, "timestamp"), f + ": timestamp");
      assertEquals(JunitXml.hostName(), property(s, "hostname"), f + ": hostname");
    }
    return bySuite;
  }

  private static Document parse(Path file) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder().parse(file.toFile());
  }

  /** A suite's cases, with its counts checked against them. */
  private static List<ReadCase> cases(Element s, Function<Element, String> output) {
    List<ReadCase> cases = new ArrayList<>();
    NodeList cs = s.getElementsByTagName("testcase");
    int failures = 0;
    int errors = 0;
    int skipped = 0;
    for (int j = 0; j < cs.getLength(); j++) {
      Element c = (Element) cs.item(j);
      String outcome = "passed";
      String message = null;
      for (String kind : List.of("failure", "error", "skipped")) {
        NodeList k = c.getElementsByTagName(kind);
        if (k.getLength() > 0) {
          outcome = kind;
          message = ((Element) k.item(0)).getAttribute("message");
        }
      }
      failures += outcome.equals("failure") ? 1 : 0;
      errors += outcome.equals("error") ? 1 : 0;
      skipped += outcome.equals("skipped") ? 1 : 0;
      cases.add(
          new ReadCase(
              s.getAttribute("name"),
              c.getAttribute("classname"),
              c.getAttribute("name"),
              outcome,
              message,
              output.apply(c)));
    }
    assertEquals(cs.getLength(), Integer.parseInt(s.getAttribute("tests")), "tests count");
    assertEquals(failures, Integer.parseInt(s.getAttribute("failures")), "failures count");
    assertEquals(errors, Integer.parseInt(s.getAttribute("errors")), "errors count");
    assertEquals(skipped, Integer.parseInt(s.getAttribute("skipped")), "skipped count");
    return cases;
  }

  /** A case's own system-out (the Surefire layout), or null. */
  private static String ownOutput(Element c) {
    NodeList out = c.getElementsByTagName("system-out");
    return out.getLength() == 0 ? null : out.item(0).getTextContent();
  }

  /** The value of a suite's property {@code name}, or null. */
  private static String property(Element suite, String name) {
    NodeList ps = suite.getElementsByTagName("property");
    for (int i = 0; i < ps.getLength(); i++) {
      Element p = (Element) ps.item(i);
      if (p.getAttribute("name").equals(name)) {
        return p.getAttribute("value");
      }
    }
    return null;
  }

  /** Fails the test if {@code file} is not valid against test schema {@code xsd}. */
  public static void validate(Path file, String xsd) throws Exception {
    URL url = Objects.requireNonNull(JunitFiles.class.getResource(xsd), xsd);
    Schema schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(url);
    try {
      schema.newValidator().validate(new StreamSource(file.toFile()));
    } catch (org.xml.sax.SAXException e) {
      throw new org.xml.sax.SAXException(
          file + " is not valid against " + xsd + ": " + e.getMessage(), e);
    }
  }

  /**
   * Case {@code name}'s line in the suite's system-out, without the name; null if none. A line is
   * the case's whose name is the longest that starts it ({@code iteration 1: p99Us<5: measured 3}
   * is case {@code iteration 1: p99Us<5}'s, not {@code iteration 1}'s).
   */
  private static String output(Element suite, String name) {
    List<String> names = new ArrayList<>();
    NodeList cs = suite.getElementsByTagName("testcase");
    for (int i = 0; i < cs.getLength(); i++) {
      names.add(((Element) cs.item(i)).getAttribute("name"));
    }
    for (org.w3c.dom.Node n = suite.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals("system-out")) {
        String prefix = name + ": ";
        return e.getTextContent()
            .lines()
            .filter(l -> l.startsWith(prefix))
            .filter(
                l ->
                    names.stream()
                        .noneMatch(o -> o.length() > name.length() && l.startsWith(o + ": ")))
            .map(l -> l.substring(prefix.length()))
            .findFirst()
            .orElse(null);
      }
    }
    return null;
  }

  /** The case named {@code name}; fails the test if there is none. */
  public static ReadCase named(List<ReadCase> cases, String name) {
    return cases.stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no test case '" + name + "' in " + cases));
  }
}
