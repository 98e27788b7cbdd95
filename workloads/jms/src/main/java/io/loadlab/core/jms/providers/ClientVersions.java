package io.loadlab.core.jms.providers;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** A client library's version, read from the Maven metadata in its jar. */
final class ClientVersions {
  private ClientVersions() {}

  /**
   * {@code artifact version}: from {@code META-INF/maven/group/artifact/pom.properties} as the
   * loader of {@code type} sees it, else the jar manifest's implementation version, else {@code
   * unknown}.
   */
  static String of(Class<?> type, String group, String artifact) {
    String path = "META-INF/maven/" + group + "/" + artifact + "/pom.properties";
    try (InputStream in = type.getClassLoader().getResourceAsStream(path)) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null) {
          return artifact + " " + v;
        }
      }
    } catch (IOException e) {
      // fall through to the manifest
    }
    String v = type.getPackage() == null ? null : type.getPackage().getImplementationVersion();
    return artifact + " " + (v == null ? "unknown" : v);
  }
}
