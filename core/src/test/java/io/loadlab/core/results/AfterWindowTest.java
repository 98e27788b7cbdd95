package io.loadlab.core.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which intervals come after a measured window: unmeasured, after measured ones of their phase. */
class AfterWindowTest {
  @Test
  void anUnmeasuredIntervalAfterMeasuredOnesOfItsPhaseIsAfterTheWindow() {
    List<IntervalSample> run = new ArrayList<>();
    // A sweep: warmup, measured, after; the next point the same; then a run without phases.
    String[] phases = {"a", "a", "a", "b", "b", "b", "b", null, null, null};
    boolean[] warmup = {true, false, true, true, false, false, true, true, false, true};
    for (int i = 0; i < phases.length; i++) {
      run.add(new IntervalSample(i, i, i + 1, phases[i], warmup[i], Map.of()));
    }
    boolean[] after = {false, false, true, false, false, false, true, false, false, true};
    assertArrayEquals(after, AfterWindow.flags(run));
    assertEquals(
        List.of(0, 1, 3, 4, 5, 7, 8), AfterWindow.drop(run).stream().map(s -> s.index()).toList());
  }

  @Test
  void aRunWithoutWindowsIsKeptAsItIs() {
    List<IntervalSample> run =
        List.of(
            new IntervalSample(1, 0, 1, null, true, Map.of()),
            new IntervalSample(2, 1, 2, null, false, Map.of()),
            new IntervalSample(3, 2, 3, null, false, Map.of()));
    assertSame(run, AfterWindow.drop(run));
  }

  @Test
  void aWarmupsLastMillisecondsBeforeItsWindowAreNotDrawn() {
    // 1-s intervals; the warmup's cut leaves 18 ms and 0 ms slivers before each window.
    List<IntervalSample> run =
        List.of(
            new IntervalSample(1, 0, 1000, "a", true, Map.of()),
            new IntervalSample(2, 1000, 1018, "a", true, Map.of()),
            new IntervalSample(3, 1018, 2018, "a", false, Map.of()),
            new IntervalSample(4, 2018, 3018, "a", false, Map.of()),
            new IntervalSample(5, 3018, 3043, "a", true, Map.of()),
            new IntervalSample(6, 3050, 4050, "b", true, Map.of()),
            new IntervalSample(7, 4050, 4050, "b", true, Map.of()),
            new IntervalSample(8, 4050, 5050, "b", false, Map.of()));
    assertEquals(
        List.of(1, 3, 4, 6, 8), AfterWindow.drop(run).stream().map(s -> s.index()).toList());
  }
}
