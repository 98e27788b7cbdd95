package io.loadlab.core.junit;

import io.loadlab.core.util.AtomicFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Writes suites as JUnit XML in the Ant layout CI servers read: {@code testsuites} holding {@code
 * testsuite} elements (name, tests, failures, errors, skipped, time, timestamp), each holding
 * {@code testcase} elements (classname, name, time) with a {@code failure}, {@code error} or {@code
 * skipped} child and {@code system-out}. Layout documented in {@code docs/results-format.md}.
 */
public final class JunitXml {
  private JunitXml() {}

  /** Writes {@code suites} to {@code file} atomically (its directory must exist). */
  public static void write(List<JunitSuite> suites, Path file) throws IOException {
    AtomicFiles.write(file, xml(suites));
  }

  /** The document as text, UTF-8 declared. */
  public static String xml(List<JunitSuite> suites) {
    try {
      Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
      Element root = doc.createElement("testsuites");
      doc.appendChild(root);
      long tests = 0;
      long failures = 0;
      long errors = 0;
      long skipped = 0;
      double seconds = 0;
      for (JunitSuite s : suites) {
        root.appendChild(suite(doc, s));
        tests += s.cases().size();
        failures += s.failures();
        errors += s.errors();
        skipped += s.skipped();
        seconds += s.seconds();
      }
      root.setAttribute("tests", Long.toString(tests));
      root.setAttribute("failures", Long.toString(failures));
      root.setAttribute("errors", Long.toString(errors));
      root.setAttribute("skipped", Long.toString(skipped));
      root.setAttribute("time", time(seconds));
      return text(doc);
    } catch (ParserConfigurationException | TransformerException e) {
      throw new IllegalStateException("the JDK's XML support failed: " + e.getMessage(), e);
    }
  }

  private static Element suite(Document doc, JunitSuite s) {
    Element e = doc.createElement("testsuite");
    e.setAttribute("name", clean(s.name()));
    e.setAttribute("tests", Integer.toString(s.cases().size()));
    e.setAttribute("failures", Long.toString(s.failures()));
    e.setAttribute("errors", Long.toString(s.errors()));
    e.setAttribute("skipped", Long.toString(s.skipped()));
    e.setAttribute("time", time(s.seconds()));
    if (s.timestamp() != null) {
      e.setAttribute("timestamp", s.timestamp());
    }
    for (JunitSuite.Case c : s.cases()) {
      e.appendChild(testCase(doc, c));
    }
    return e;
  }

  private static Element testCase(Document doc, JunitSuite.Case c) {
    Element e = doc.createElement("testcase");
    e.setAttribute("classname", clean(c.classname()));
    e.setAttribute("name", clean(c.name()));
    e.setAttribute("time", time(c.seconds()));
    String child =
        switch (c.outcome()) {
          case FAILED -> "failure";
          case ERROR -> "error";
          case SKIPPED -> "skipped";
          case PASSED -> null;
        };
    if (child != null) {
      Element f = doc.createElement(child);
      if (c.message() != null) {
        f.setAttribute("message", clean(c.message()));
        if (c.outcome() != JunitSuite.Outcome.SKIPPED) {
          f.setAttribute("type", child);
          f.setTextContent(clean(c.message()));
        }
      }
      e.appendChild(f);
    }
    if (c.output() != null) {
      Element out = doc.createElement("system-out");
      out.setTextContent(clean(c.output()));
      e.appendChild(out);
    }
    return e;
  }

  private static String text(Document doc) throws TransformerException {
    Transformer t = TransformerFactory.newInstance().newTransformer();
    t.setOutputProperty(OutputKeys.INDENT, "yes");
    t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
    t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
    StringWriter w = new StringWriter();
    // Written here: the JDK's serializer puts its own on the root element's line.
    w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    t.transform(new DOMSource(doc), new StreamResult(w));
    return w.toString();
  }

  /** Seconds with millisecond precision, as CI servers parse them ({@code 12.345}). */
  static String time(double seconds) {
    return String.format(Locale.ROOT, "%.3f", Math.max(0, seconds));
  }

  /** The text without characters XML 1.0 cannot hold (control characters in a JTL message). */
  static String clean(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints()
        .forEach(
            cp -> {
              boolean ok =
                  cp == 0x9
                      || cp == 0xA
                      || cp == 0xD
                      || (cp >= 0x20 && cp <= 0xD7FF)
                      || (cp >= 0xE000 && cp <= 0xFFFD)
                      || cp >= 0x10000;
              b.appendCodePoint(ok ? cp : '?');
            });
    return b.toString();
  }
}
