package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.campaign.results.Quantity;
import org.junit.jupiter.api.Test;

class FigureUnitTest {
  @Test
  void figuresAreKnownByTheirKeys() {
    assertEquals(Quantity.TIME, Quantity.of("p50Us"));
    assertEquals(Quantity.TIME, Quantity.of("netperfLatencyUs"));
    assertEquals(Quantity.CPU_COST, Quantity.of("cpuUsPerOp"));
    assertEquals(Quantity.CPU_COST, Quantity.of("cpuUsPerMB"));
    assertEquals(Quantity.BYTE_RATE, Quantity.of("bytesPerSec"));
    assertEquals(Quantity.RATE, Quantity.of("transfersPerSec"));
    assertEquals(Quantity.RATE, Quantity.of("rate"));
    assertEquals(Quantity.OPM, Quantity.of("opm"));
    assertEquals(Quantity.COUNT, Quantity.of("errors"));
    assertNull(Quantity.of("rollbackPct"));
  }

  @Test
  void timesConvertFromMicroseconds() {
    assertEquals(0.156, FigureUnit.of("p50Us", "ms").convert(156), 1e-12);
    assertEquals(156_000, FigureUnit.of("p50Us", "ns").convert(156), 1e-9);
    assertEquals(2.5, FigureUnit.of("meanUs", "s").convert(2_500_000), 1e-12);
    assertEquals("µs", FigureUnit.of("p50Us", "us").unit());
    assertEquals("µs", FigureUnit.of("p50Us", null).unit());
    assertEquals(7.1, FigureUnit.of("cpuUsPerMB", "ms").convert(7100), 1e-12);
  }

  @Test
  void byteRatesConvertToDecimalBitsAndBinaryBytes() {
    // 42,730,419 B/s is 341.8 Mb/s (decimal bits), 40.75 MiB/s.
    assertEquals(341.843352, FigureUnit.of("bytesPerSec", "Mb/s").convert(42_730_419), 1e-6);
    assertEquals(42.730419, FigureUnit.of("bytesPerSec", "MB/s").convert(42_730_419), 1e-9);
    assertEquals(1, FigureUnit.of("bytesPerSec", "MiB/s").convert(1 << 20), 1e-12);
    assertEquals(8, FigureUnit.of("bytesPerSec", "Gb/s").convert(1e9), 1e-12);
    assertEquals(3, FigureUnit.of("mbPerSec", "MB/s").convert(3), 1e-12);
  }

  @Test
  void ratesOnlyChangeTheirName() {
    FigureUnit u = FigureUnit.of("transfersPerSec", "msg/s");
    assertEquals("msg/s", u.unit());
    assertEquals(1234.5, u.convert(1234.5), 0);
    assertEquals("ops/s", FigureUnit.of("rate", null).unit());
  }

  @Test
  void aUnitThatDoesNotFitSaysWhichDo() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FigureUnit.of("bytesPerSec", "ms"));
    assertEquals(
        "'ms' does not fit bytesPerSec (a byte rate); use B/s, kB/s, MB/s, GB/s, KiB/s, MiB/s,"
            + " GiB/s, kb/s, Mb/s or Gb/s",
        e.getMessage());
    assertEquals(
        "'Mb/s' does not fit p50Us (a time); use ns, µs, ms or s",
        assertThrows(IllegalArgumentException.class, () -> FigureUnit.of("p50Us", "Mb/s"))
            .getMessage());
    // Case-sensitive: MS is not ms.
    assertThrows(IllegalArgumentException.class, () -> FigureUnit.of("p50Us", "MS"));
    assertEquals(
        "'count' does not fit opm (orders per minute); use opm",
        assertThrows(IllegalArgumentException.class, () -> FigureUnit.of("opm", "count"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> FigureUnit.of("rollbackPct", "ms"));
    assertNull(FigureUnit.of("rollbackPct", null).unit());
  }
}
