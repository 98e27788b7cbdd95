package io.loadlab.provision.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** /proc/meminfo's fields in bytes; a field not there is empty. */
class MemInfoTest {
  static final String MEMINFO =
      """
      MemTotal:       24683620 kB
      MemFree:         3317368 kB
      MemAvailable:   23069524 kB
      HugePages_Total:       0
      """;

  @Test
  void readsFieldsInBytes() {
    assertEquals(OptionalLong.of(23069524L * 1024), MemInfo.parse(MEMINFO, "MemAvailable"));
    assertEquals(OptionalLong.of(24683620L * 1024), MemInfo.parse(MEMINFO, "MemTotal"));
    assertEquals(OptionalLong.of(0), MemInfo.parse(MEMINFO, "HugePages_Total"));
    assertEquals(OptionalLong.empty(), MemInfo.parse(MEMINFO, "MemShared"));
  }
}
