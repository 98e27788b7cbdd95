package io.loadlab.core.jms.providers;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A class loader over the jars of a directory (a JMS provider's client and what it needs), as a
 * child of loadlab's own: the provider's classes come from the directory, the JMS API from loadlab,
 * so that its connection factory is a {@code jakarta.jms.ConnectionFactory} loadlab can use.
 */
final class ProviderJars {
  private ProviderJars() {}

  /**
   * The loader of the jars in {@code dir} (not its subdirectories).
   *
   * @param option the option that named the directory, for messages
   */
  static ClassLoader of(String option, Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(dir)
              + "' is not a directory; name the directory of the provider's jars");
    }
    List<URL> urls = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
        urls.add(p.toUri().toURL());
      }
    } catch (MalformedURLException e) {
      throw new UsageException(option + ": cannot use a jar in '" + Texts.cut(dir) + "'");
    } catch (IOException e) {
      throw new UsageException(
          option
              + ": cannot read '"
              + Texts.cut(dir)
              + "' ("
              + Texts.cut(String.valueOf(e.getMessage()))
              + ")");
    }
    if (urls.isEmpty()) {
      throw new UsageException(
          option
              + ": '"
              + Texts.cut(dir)
              + "' holds no .jar; put the provider's client jars there");
    }
    return new URLClassLoader(
        "loadlab-provider-jars", urls.toArray(new URL[0]), ProviderJars.class.getClassLoader());
  }
}
