package io.loadlab.core.junit;

import io.loadlab.core.util.AtomicFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.TransformerException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The same suites in the Surefire layout, for CI set up to collect Maven's reports ({@code
 * TEST-*.xml}): one file per suite, {@code TEST-loadlab-<suite>.xml}, in a directory beside the Ant
 * file ({@link JunitXml#surefireDirectory}). Each is valid against Surefire's test report schema
 * ({@code surefire-test-report-3.0.xsd}), which no Ant file can be: that schema wants a {@code
 * testsuite} root, allows none of the {@code timestamp}, {@code hostname}, {@code package} and
 * {@code id} attributes and no suite-level {@code system-out}, all of which the strict Ant schema
 * requires. So the host and start time are {@code properties} here, and a check's measured value is
 * its case's own {@code system-out}.
 */
final class SurefireXml {
  /** The start of every file's name: only files so named are replaced or removed. */
  static final String PREFIX = "TEST-loadlab-";

  /** Longest part of a file name taken from a suite's name (a Linux name holds 255 bytes). */
  private static final int MAX_NAME = 120;

  private SurefireXml() {}

  /**
   * Writes one file per suite into {@code dir} (created if need be), then removes the files of
   * suites no longer there (a campaign started again), so that a CI glob reads only this set.
   */
  static void write(List<JunitSuite> suites, Path dir, String host, String now) throws IOException {
    Files.createDirectories(dir);
    Map<String, JunitSuite> files = fileNames(suites);
    for (Map.Entry<String, JunitSuite> e : files.entrySet()) {
      AtomicFiles.write(dir.resolve(e.getKey()), xml(e.getValue(), host, now));
    }
    removeOthers(dir, files.keySet());
  }

  /** Removes this layout's files in {@code dir} that are not in {@code keep}. */
  static void removeOthers(Path dir, Set<String> keep) throws IOException {
    try (DirectoryStream<Path> all = Files.newDirectoryStream(dir, PREFIX + "*.xml")) {
      for (Path p : all) {
        if (!keep.contains(p.getFileName().toString())) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /**
   * Each suite's file name, in order: {@code TEST-loadlab-} and the suite's name with every
   * character but letters, digits, {@code . _ = + -} made {@code _}; a name taken already (ignoring
   * case, for file systems that do) gets {@code -2}, {@code -3}, ...
   */
  static Map<String, JunitSuite> fileNames(List<JunitSuite> suites) {
    Map<String, JunitSuite> names = new LinkedHashMap<>();
    Set<String> taken = new HashSet<>();
    for (JunitSuite s : suites) {
      String base = PREFIX + safe(s.name());
      String name = base + ".xml";
      for (int n = 2; !taken.add(name.toLowerCase(Locale.ROOT)); n++) {
        name = base + "-" + n + ".xml";
      }
      names.put(name, s);
    }
    return names;
  }

  private static String safe(String name) {
    String s =
        JunitXml.clean(name).replaceAll("[^A-Za-z0-9._=+-]+", "_").replaceAll("^[_.]+|_+$", "");
    if (s.length() > MAX_NAME) {
      s = s.substring(0, MAX_NAME);
    }
    return s.isEmpty() ? "suite" : s;
  }

  /** One suite's document, UTF-8 declared. */
  static String xml(JunitSuite s, String host, String now) {
    try {
      Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
      Element e = doc.createElement("testsuite");
      doc.appendChild(e);
      e.setAttribute("name", JunitXml.clean(s.name()));
      e.setAttribute("tests", Integer.toString(s.cases().size()));
      e.setAttribute("failures", Long.toString(s.failures()));
      e.setAttribute("errors", Long.toString(s.errors()));
      e.setAttribute("skipped", Long.toString(s.skipped()));
      e.setAttribute("time", JunitXml.time(s.seconds()));
      Element props = doc.createElement("properties");
      props.appendChild(property(doc, "hostname", host));
      props.appendChild(property(doc, "timestamp", s.timestamp() != null ? s.timestamp() : now));
      e.appendChild(props);
      for (JunitSuite.Case c : s.cases()) {
        e.appendChild(testCase(doc, c));
      }
      return JunitXml.text(doc);
    } catch (ParserConfigurationException | TransformerException ex) {
      throw new IllegalStateException("the JDK's XML support failed: " + ex.getMessage(), ex);
    }
  }

  private static Element property(Document doc, String name, String value) {
    Element p = doc.createElement("property");
    p.setAttribute("name", name);
    p.setAttribute("value", value);
    return p;
  }

  /** The case as in the Ant file, with its measured value as its own {@code system-out}. */
  private static Element testCase(Document doc, JunitSuite.Case c) {
    Element e = JunitXml.testCase(doc, c);
    if (c.output() != null) {
      Element out = doc.createElement("system-out");
      out.setTextContent(JunitXml.clean(c.output()));
      e.appendChild(out);
    }
    return e;
  }
}
