package io.loadlab.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SizesTest {
  @Test
  void parsesSizesWithBinaryUnits() {
    assertEquals(1024, Sizes.parseBytes("--size", "1024"));
    assertEquals(32 * 1024, Sizes.parseBytes("--size", "32K"));
    assertEquals(20L << 20, Sizes.parseBytes("--size", "20MB"));
    assertEquals(List.of(8L, 32L, 1024L), Sizes.parseBytesList("--size", "8,32,1K", 1));
  }

  @Test
  void rejectsNegativeAndEmpty() {
    UsageException e = assertThrows(UsageException.class, () -> Sizes.parseBytes("--size", "-1"));
    assertTrue(e.getMessage().contains("--size"));
    assertThrows(UsageException.class, () -> Sizes.parseIntList("--users", "1,,2", 1, 10));
    assertThrows(UsageException.class, () -> Sizes.parseIntList("--users", "0", 1, 10));
    assertEquals(List.of(1, 10, 20, 50), Sizes.parseIntList("--users", "1,10,20,50", 1, 100));
  }

  @Test
  void formats() {
    assertEquals("32K", Sizes.format(32 * 1024));
    assertEquals("20M", Sizes.format(20L << 20));
    assertEquals("200", Sizes.format(200));
  }

  @Test
  void formatsMemoryInBinaryUnits() {
    assertEquals("17.46 GiB", Sizes.binary(18311372L * 1024));
    assertEquals("64 GiB", Sizes.binary(64L << 30));
    assertEquals("2.5 GiB", Sizes.binary(2560L << 20));
    assertEquals("512 MiB", Sizes.binary(512L << 20));
    assertEquals("1.5 KiB", Sizes.binary(1536));
    assertEquals("100 B", Sizes.binary(100));
  }
}
