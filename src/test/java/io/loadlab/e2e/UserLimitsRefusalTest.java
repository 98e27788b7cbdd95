package io.loadlab.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A user count the machine cannot open is refused before the start (exit 2, one line naming the
 * limit and how to raise it): run as a child whose file-descriptor limit is lowered.
 */
@Timeout(120)
class UserLimitsRefusalTest {
  @Test
  void moreUsersThanDescriptorsAreRefusedNamingTheLimit() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/limits")), "Linux /proc");
    List<String> command = new ArrayList<>(List.of("bash", "-c", "ulimit -n 400 && exec \"$@\""));
    command.add("bash");
    command.addAll(ChildJvm.command("net", "rr", "--users", "1000", "--duration", "1s"));
    Process p = new ProcessBuilder(command).start();
    assertTrue(p.waitFor(90, TimeUnit.SECONDS));
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String what = "out: " + out + "\nerr: " + err;
    assertEquals(2, p.exitValue(), what);
    assertEquals(1, err.strip().lines().count(), "one line: " + what);
    assertTrue(err.startsWith("loadlab: --users 1000: needs about"), what);
    assertTrue(err.contains("file descriptors") && err.contains("ulimit -n"), what);
    assertEquals("", out, "nothing ran: " + what);
  }
}
