package io.loadlab.provision.libvirt;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Small XML helpers for the documents libvirt returns: parse, and XPath lookups. */
final class Xml {
  private Xml() {}

  static Document parse(String xml) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return f.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    } catch (Exception e) {
      throw new IllegalStateException(
          "libvirt returned XML that does not parse: " + e.getMessage(), e);
    }
  }

  static String text(Object context, String xpath) {
    try {
      return (String)
          XPathFactory.newInstance().newXPath().evaluate(xpath, context, XPathConstants.STRING);
    } catch (Exception e) {
      throw new IllegalArgumentException(xpath, e);
    }
  }

  static List<Element> elements(Object context, String xpath) {
    try {
      NodeList nodes =
          (NodeList)
              XPathFactory.newInstance()
                  .newXPath()
                  .evaluate(xpath, context, XPathConstants.NODESET);
      List<Element> list = new ArrayList<>();
      for (int i = 0; i < nodes.getLength(); i++) {
        list.add((Element) nodes.item(i));
      }
      return list;
    } catch (Exception e) {
      throw new IllegalArgumentException(xpath, e);
    }
  }

  /** Escapes text for an attribute or element. */
  static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("'", "&apos;")
        .replace("\"", "&quot;");
  }

  /** Parses {@code 0x3b}, {@code 59} or an empty string (0). */
  static int number(String s) {
    String t = s.trim();
    if (t.isEmpty()) {
      return 0;
    }
    return t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
  }
}
