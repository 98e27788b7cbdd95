package io.loadlab.core.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The JIT a result names is the one the JVM runs with, whatever flags chose it. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EnvironmentInfoTest {

  /** Prints {@link EnvironmentInfo#currentJit()} of the JVM it runs in. */
  public static final class JitProbe {
    public static void main(String[] args) {
      System.out.print(EnvironmentInfo.currentJit());
    }
  }

  @Test
  void namesTheCompilersTheJvmWasStartedWith() throws Exception {
    assertEquals("C1+C2", jitOf());
    assertEquals("C1 only", jitOf("-XX:TieredStopAtLevel=1"));
    assertEquals("C1 only", jitOf("-XX:TieredStopAtLevel=3"));
    assertEquals("C2 only", jitOf("-XX:-TieredCompilation"));
    assertEquals("interpreter only", jitOf("-Xint"));
  }

  @Test
  void isPartOfTheEnvironmentOfARun() {
    EnvironmentInfo here = EnvironmentInfo.current();
    assertEquals(EnvironmentInfo.currentJit(), here.jit());
    assertTrue(here.cores() >= 1);
  }

  private static String jitOf(String... jvmOptions) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of(jvmOptions));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), JitProbe.class.getName()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "probe finished");
    assertEquals(0, p.exitValue(), out);
    return out;
  }
}
