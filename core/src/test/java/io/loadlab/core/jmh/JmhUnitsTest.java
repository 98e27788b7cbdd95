package io.loadlab.core.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JmhUnitsTest {

  @ParameterizedTest
  @CsvSource({"ns/op, 0.001", "us/op, 1", "ms/op, 1000", "s/op, 1000000", "min/op, 60000000"})
  void convertsTimesPerOperationToMicroseconds(String unit, double micros) {
    assertTrue(JmhUnits.isTimePerOp(unit));
    assertEquals(micros, JmhUnits.microsPerUnit("f", unit), micros * 1e-12);
  }

  @ParameterizedTest
  @CsvSource({"ops/ns, 1e9", "ops/us, 1e6", "ops/ms, 1000", "ops/s, 1", "ops/min, 0.016666666666"})
  void convertsRatesToOperationsPerSecond(String unit, double perSecond) {
    assertFalse(JmhUnits.isTimePerOp(unit));
    assertEquals(perSecond, JmhUnits.opsPerSecondPerUnit("f", unit), perSecond * 1e-9);
  }

  @Test
  void readsIterationTimes() {
    assertEquals(10.0, JmhUnits.iterationSeconds("f", "10 s"));
    assertEquals(0.1, JmhUnits.iterationSeconds("f", "100 ms"), 1e-12);
    assertEquals(120.0, JmhUnits.iterationSeconds("f", "2 min"));
  }

  @Test
  void namesTheFieldOfAnUnknownUnit() {
    UsageException rate =
        assertThrows(
            UsageException.class, () -> JmhUnits.opsPerSecondPerUnit("x scoreUnit", "B/s"));
    assertTrue(rate.getMessage().startsWith("x scoreUnit: unknown unit 'B/s'"), rate.getMessage());
    UsageException time =
        assertThrows(UsageException.class, () -> JmhUnits.iterationSeconds("y", "ten s"));
    assertTrue(time.getMessage().startsWith("y: 'ten s' is not a JMH time"), time.getMessage());
  }
}
