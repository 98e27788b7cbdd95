package io.loadlab.core.workload.sleep;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * The {@code sleep} workload as a user would install a workload: a jar of its classes and its
 * {@code META-INF/services} line ({@code src/test/resources/sleep-workload/}), to put on loadlab's
 * class path or in JMeter's {@code lib/ext}. It is not registered on the tests' own class path, so
 * the shipped commands' help and golden output stay as they are; a test that wants it adds the jar.
 */
public final class SleepWorkloadJar {
  /** The services line, where the tests' resources keep it (the jar's root is below it). */
  static final String SERVICES =
      "sleep-workload/META-INF/services/io.loadlab.core.workload.Workload";

  private static final String PACKAGE = "io/loadlab/core/workload/sleep/";

  private SleepWorkloadJar() {}

  /** Writes {@code sleep-workload.jar} into {@code dir} and returns it. */
  public static Path write(Path dir) throws IOException {
    Path jar = Files.createDirectories(dir).resolve("sleep-workload.jar");
    // A manifest as every jar has: JMeter reads the one of each jar in lib/ext.
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
      try (InputStream services = resource(SERVICES)) {
        add(out, SERVICES.substring("sleep-workload/".length()), services);
      }
      for (String name : classNames()) {
        try (InputStream in = resource(name)) {
          add(out, name, in);
        }
      }
    }
    return jar;
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = SleepWorkloadJar.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IOException("no " + name + " on the class path");
    }
    return in;
  }

  private static void add(JarOutputStream out, String name, InputStream in) throws IOException {
    out.putNextEntry(new JarEntry(name));
    in.transferTo(out);
    out.closeEntry();
  }

  /** The workload's classes (this package's, its tests left out), from a directory or a jar. */
  private static List<String> classNames() throws IOException {
    Path from;
    try {
      from =
          Path.of(
              SleepWorkloadJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
    List<String> names = new ArrayList<>();
    if (Files.isDirectory(from)) {
      try (Stream<Path> files = Files.list(from.resolve(PACKAGE))) {
        files.forEach(f -> names.add(PACKAGE + f.getFileName()));
      }
    } else {
      try (JarFile jar = new JarFile(from.toFile())) {
        jar.stream()
            .map(JarEntry::getName)
            .filter(n -> n.startsWith(PACKAGE) && n.indexOf('/', PACKAGE.length()) < 0)
            .forEach(names::add);
      }
    }
    return names.stream().filter(n -> n.endsWith(".class") && !n.contains("Test")).toList();
  }
}
