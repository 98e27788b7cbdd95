package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NetperfFiguresTest {
  @Test
  void latencyIsUsersOverTheTransactionRateInMicroseconds() {
    // The SPARC report's case: one user at 3,012 transactions/s is 332 µs.
    assertEquals(332.0, NetperfFigures.latencyUs(1, 3012.048), 0.001);
    // Two users at 90,000/s: each waits 2 / 90,000 s per transaction.
    assertEquals(22.222, NetperfFigures.latencyUs(2, 90_000), 0.001);
    assertEquals(1e6, NetperfFigures.latencyUs(10, 10), 1e-9);
  }

  @Test
  void noRateNoLatency() {
    assertTrue(Double.isNaN(NetperfFigures.latencyUs(1, 0)));
    assertTrue(Double.isNaN(NetperfFigures.latencyUs(1, -5)));
  }
}
