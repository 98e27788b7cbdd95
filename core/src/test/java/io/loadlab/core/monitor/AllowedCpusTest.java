package io.loadlab.core.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class AllowedCpusTest {
  @Test
  void parsesRangesAndSingleCpus() {
    BitSet cpus = AllowedCpus.parse("0-3,8,10-11\n");
    assertEquals("{0, 1, 2, 3, 8, 10, 11}", cpus.toString());
    assertEquals("{5}", AllowedCpus.parse("\t5").toString());
  }

  @Test
  void refusesWhatIsNotACpuList() {
    assertThrows(IllegalArgumentException.class, () -> AllowedCpus.parse("3-1"));
    assertThrows(IllegalArgumentException.class, () -> AllowedCpus.parse(""));
    assertThrows(NumberFormatException.class, () -> AllowedCpus.parse("0-x"));
  }

  @Test
  void thisProcessMayUseAtLeastOneCpuOnLinux() {
    BitSet cpus = AllowedCpus.read();
    if (System.getProperty("os.name").startsWith("Linux")) {
      assertTrue(cpus != null && !cpus.isEmpty(), "Cpus_allowed_list read");
      assertTrue(
          cpus.cardinality() >= Runtime.getRuntime().availableProcessors(),
          "the JVM's processors are among the allowed CPUs: " + cpus);
    }
  }
}
