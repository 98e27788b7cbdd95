package io.loadlab.cli.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code loadlab lab} refuses bad lab files before touching anything. */
@Timeout(30)
class LabCliTest {
  @TempDir Path dir;

  @Test
  void badLabFileIsExit2NamingTheField() throws Exception {
    Path file = dir.resolve("lab.yaml");
    Files.writeString(
        file,
        """
        name: lab1
        hosts: {a: {}, b: {}}
        links:
          - {kind: veth, hosts: [a, c], subnet: 10.213.1.0/24}
        """);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            new String[] {"lab", "up", file.toString()},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, code);
    String text = err.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains(file + ": links[0].hosts: 'c' is not a host of this lab"), text);
    assertTrue(!Files.exists(dir.resolve("lab.yaml.d")), "nothing was created");
  }
}
