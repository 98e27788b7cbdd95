package io.loadlab.core.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
 * its line ({@code NAME: OUTPUT}) in the suite's {@code system-out}.
 */
public final class JunitFiles {
  private JunitFiles() {}

  /** One test case as read back. */
  public record ReadCase(
      String suite, String classname, String name, String outcome, String message, String out) {}

  /** Validates {@code file} and returns its cases, in order; fails the test if it is not valid. */
  public static List<ReadCase> read(Path file) throws Exception {
    for (String name : List.of("junit.xsd", "ant-junit-strict.xsd")) {
      validate(file, name);
    }
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Document doc = f.newDocumentBuilder().parse(file.toFile());
    List<ReadCase> cases = new ArrayList<>();
    NodeList suites = doc.getElementsByTagName("testsuite");
    long allTests = 0;
    long allFailures = 0;
    for (int i = 0; i < suites.getLength(); i++) {
      Element s = (Element) suites.item(i);
      NodeList cs = s.getElementsByTagName("testcase");
      int failures = 0;
      int errors = 0;
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
        cases.add(
            new ReadCase(
                s.getAttribute("name"),
                c.getAttribute("classname"),
                c.getAttribute("name"),
                outcome,
                message,
                output(s, c.getAttribute("name"))));
      }
      assertEquals(cs.getLength(), Integer.parseInt(s.getAttribute("tests")), "tests count");
      assertEquals(failures, Integer.parseInt(s.getAttribute("failures")), "failures count");
      assertEquals(errors, Integer.parseInt(s.getAttribute("errors")), "errors count");
      allTests += cs.getLength();
      allFailures += failures;
    }
    Element root = doc.getDocumentElement();
    if (root.getTagName().equals("testsuites") && root.hasAttribute("tests")) {
      assertEquals(allTests, Long.parseLong(root.getAttribute("tests")), "all tests");
      assertEquals(allFailures, Long.parseLong(root.getAttribute("failures")), "all failures");
    }
    return cases;
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

  /** Case {@code name}'s line in the suite's system-out, without the name; null if none. */
  private static String output(Element suite, String name) {
    for (org.w3c.dom.Node n = suite.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals("system-out")) {
        String prefix = name + ": ";
        return e.getTextContent()
            .lines()
            .filter(l -> l.startsWith(prefix))
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
