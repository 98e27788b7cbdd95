package io.loadlab.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The loadlab version, as built by Maven; recorded with every result. */
public final class Version {
  private static final String VERSION = load();

  private Version() {}

  /** Returns the version string, such as {@code 0.1.0-SNAPSHOT}. */
  public static String get() {
    return VERSION;
  }

  private static String load() {
    try (InputStream in = Version.class.getResourceAsStream("/io/loadlab/version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
