package io.loadlab.provision.testbed;

import java.nio.file.Path;

/** Reads a testbed YAML file. */
public final class TestbedFile {
  private TestbedFile() {}

  /** Reads and parses {@code file}; structural errors name the file and the field. */
  public static Testbed read(Path file) {
    return YamlFiles.read(file, Testbed.class);
  }
}
