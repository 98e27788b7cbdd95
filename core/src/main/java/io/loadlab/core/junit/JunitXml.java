package io.loadlab.core.junit;

import io.loadlab.core.util.AtomicFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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
 * Writes suites as JUnit XML in the Ant layout CI servers read, strict enough for the Ant JUnit
 * schema that many CI plugins document: a {@code testsuites} root without attributes holding {@code
 * testsuite} elements (name, tests, failures, errors, skipped, time, timestamp, hostname, and as
 * the aggregated layout wants, package and id), each holding {@code properties}, {@code testcase}
 * elements (classname, name, time) with a {@code failure}, {@code error} or {@code skipped} child,
 * then {@code system-out} (what each check that held measured, a line per case: {@code NAME:
 * OUTPUT}; the Ant schema allows no output inside a case) and {@code system-err}. Beside it, the
 * same suites in the Surefire layout, a file per suite ({@link SurefireXml}): no one document can
 * be valid against both Surefire's schema and the strict Ant one. Layouts documented in {@code
 * docs/results-format.md}.
 */
public final class JunitXml {
  /** The {@code package} of every suite: the aggregated layout requires one. */
  static final String PACKAGE = "loadlab";

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private JunitXml() {}

  /**
   * Writes {@code suites} to {@code file} atomically (its directory must exist), and in the
   * Surefire layout into {@link #surefireDirectory} of it: those first, so that the Ant file, which
   * a run's end checks, is only there once both are.
   */
  public static void write(List<JunitSuite> suites, Path file) throws IOException {
    String host = hostName();
    String now = TIMESTAMP.format(Instant.now());
    Path dir = surefireDirectory(file);
    try {
      SurefireXml.write(suites, dir, host, now);
    } catch (IOException e) {
      // Said of the directory: the run's reason names the Ant file, which is not what failed.
      FileSystemException f =
          new FileSystemException(
              dir.toString(),
              null,
              "its Surefire-layout files cannot be written in " + dir + " (" + why(e) + ")");
      f.addSuppressed(e);
      throw f;
    }
    AtomicFiles.write(file, xml(suites, host, now));
  }

  private static String why(IOException e) {
    if (e instanceof FileAlreadyExistsException) {
      return "a file is there, not a directory";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /**
   * Where the Surefire-layout files of the Ant file {@code file} go: beside it, named as it is
   * without {@code .xml} ({@code out/junit.xml}: {@code out/junit/}), or with {@code -surefire}
   * added if its name does not end in {@code .xml}.
   */
  public static Path surefireDirectory(Path file) {
    String name = file.getFileName().toString();
    boolean xml = name.length() > 4 && name.toLowerCase(Locale.ROOT).endsWith(".xml");
    return file.resolveSibling(xml ? name.substring(0, name.length() - 4) : name + "-surefire");
  }

  /**
   * Copies the Ant file {@code from} to {@code to}, and its Surefire-layout files into {@link
   * #surefireDirectory} of {@code to} (that directory's other files of this layout removed): the
   * copy is both layouts, as the original is.
   */
  public static void copy(Path from, Path to) throws IOException {
    Path fromDir = surefireDirectory(from);
    Path toDir = surefireDirectory(to);
    Files.createDirectories(to.toAbsolutePath().getParent());
    if (!Files.exists(toDir) || !Files.isSameFile(fromDir, toDir)) {
      Files.createDirectories(toDir);
      Set<String> names = new HashSet<>();
      try (DirectoryStream<Path> all =
          Files.newDirectoryStream(fromDir, SurefireXml.PREFIX + "*.xml")) {
        for (Path p : all) {
          String name = p.getFileName().toString();
          names.add(name);
          AtomicFiles.write(toDir.resolve(name), out -> Files.copy(p, out));
        }
      }
      SurefireXml.removeOthers(toDir, names);
    }
    if (!Files.exists(to) || !Files.isSameFile(from, to)) {
      AtomicFiles.write(to, out -> Files.copy(from, out));
    }
  }

  /** The document as text, UTF-8 declared. */
  public static String xml(List<JunitSuite> suites) {
    return xml(suites, hostName(), TIMESTAMP.format(Instant.now()));
  }

  private static String xml(List<JunitSuite> suites, String host, String now) {
    try {
      Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
      // The totals are each suite's: the Ant schema allows no attribute on the root.
      Element root = doc.createElement("testsuites");
      doc.appendChild(root);
      int id = 0;
      for (JunitSuite s : suites) {
        root.appendChild(suite(doc, s, id++, host, now));
      }
      return text(doc);
    } catch (ParserConfigurationException | TransformerException e) {
      throw new IllegalStateException("the JDK's XML support failed: " + e.getMessage(), e);
    }
  }

  private static Element suite(Document doc, JunitSuite s, int id, String host, String now) {
    Element e = doc.createElement("testsuite");
    e.setAttribute("name", clean(s.name()));
    e.setAttribute("tests", Integer.toString(s.cases().size()));
    e.setAttribute("failures", Long.toString(s.failures()));
    e.setAttribute("errors", Long.toString(s.errors()));
    e.setAttribute("skipped", Long.toString(s.skipped()));
    e.setAttribute("time", time(s.seconds()));
    e.setAttribute("timestamp", s.timestamp() != null ? s.timestamp() : now);
    e.setAttribute("hostname", host);
    e.setAttribute("package", PACKAGE);
    e.setAttribute("id", Integer.toString(id));
    e.appendChild(doc.createElement("properties"));
    StringBuilder out = new StringBuilder();
    for (JunitSuite.Case c : s.cases()) {
      e.appendChild(testCase(doc, c));
      if (c.output() != null) {
        out.append(clean(c.name())).append(": ").append(clean(c.output())).append('\n');
      }
    }
    Element sysOut = doc.createElement("system-out");
    sysOut.setTextContent(out.toString());
    e.appendChild(sysOut);
    e.appendChild(doc.createElement("system-err"));
    return e;
  }

  /** This machine's name as the kernel knows it (no DNS wait); {@code localhost} if unknown. */
  static String hostName() {
    try {
      Path kernel = Path.of("/proc/sys/kernel/hostname");
      String name =
          Files.isReadable(kernel)
              ? Files.readString(kernel).strip()
              : InetAddress.getLocalHost().getHostName();
      return name.isBlank() ? "localhost" : clean(name);
    } catch (IOException | RuntimeException e) {
      return "localhost";
    }
  }

  /** A {@code testcase} with its outcome's child, as both layouts write it. */
  static Element testCase(Document doc, JunitSuite.Case c) {
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
      }
      if (c.outcome() != JunitSuite.Outcome.SKIPPED) {
        f.setAttribute("type", child); // required by both Surefire's and Ant's schema
        if (c.message() != null) {
          f.setTextContent(clean(c.message()));
        }
      }
      e.appendChild(f);
    }
    return e;
  }

  static String text(Document doc) throws TransformerException {
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
