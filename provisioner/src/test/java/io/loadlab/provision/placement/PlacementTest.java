package io.loadlab.provision.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class PlacementTest {
  @Test
  void wordsPutNiceFirstAndThePhysicalCpusLast() {
    assertEquals(List.of(), Placement.NONE.words());
    assertEquals("", Placement.NONE.shellPrefix());
    assertEquals(
        List.of("nice", "-n", "-20", "numactl", "--cpunodebind=0", "--membind=0"),
        new Placement(-20, 0, null).words());
    assertEquals(
        "nice -n 5 numactl --cpunodebind=1 --membind=1 --physcpubind=0,2,4 ",
        new Placement(5, 1, "0,2,4").shellPrefix());
    assertEquals(
        List.of("numactl", "--physcpubind=0-3"), new Placement(null, null, " 0-3 ").words());
    assertFalse(new Placement(3, null, null).usesNumactl());
    assertTrue(new Placement(null, 0, null).usesNumactl());
    assertTrue(new Placement(null, null, "").isNone());
  }

  @Test
  void aClientsFieldsOverrideItsSteps() {
    Placement step = new Placement(-20, 0, "0-3");
    assertEquals(new Placement(-20, 1, "0-3"), new Placement(null, 1, null).over(step));
    assertEquals(step, Placement.NONE.over(step));
    assertEquals(new Placement(0, null, null), new Placement(0, null, null).over(Placement.NONE));
  }

  @Test
  void checkNamesEachBadField() {
    List<String> problems = new ArrayList<>();
    new Placement(-21, -1, "0-").check((f, why) -> problems.add(f + ": " + why));
    assertEquals(
        List.of(
            "nice: -21 is out of range; give a niceness from -20 (most favoured) to 19 (least)",
            "numa-node: -1 is not a NUMA node; give its number, e.g. 0",
            "cpus: '0-' is not a CPU list; give numbers and ranges such as \"0-5\" or \"0,2,4\""),
        problems);
    problems.clear();
    new Placement(19, 0, "0-5,8").check((f, why) -> problems.add(f));
    new Placement(20, null, null).check((f, why) -> problems.add(f));
    assertEquals(List.of("nice"), problems);
  }

  @Test
  void cpuListsAreNumbersAndForwardRanges() {
    assertEquals(new TreeSet<>(Set.of(0, 1, 2, 3, 8)), Placement.cpuSet("0-3,8"));
    assertEquals(new TreeSet<>(Set.of(4)), Placement.cpuSet("4"));
    assertNull(Placement.cpuSet("3-1"));
    assertNull(Placement.cpuSet("all"));
    assertNull(Placement.cpuSet("0, 1"));
    assertNull(Placement.cpuSet("99999"));
    assertNull(Placement.cpuSet("0-8192"));
  }

  @Test
  void unwrappedIsTheCommandTheWrapperExecs() {
    assertEquals(
        "/usr/bin/java -cp x Main net rr",
        Placement.unwrapped(
            "nice -n -20 numactl --cpunodebind=0 --membind=0 /usr/bin/java -cp x Main net rr"));
    assertEquals("java Main", Placement.unwrapped("numactl --physcpubind=0 java Main"));
    assertEquals("java Main", Placement.unwrapped("nice -n 5 java Main"));
    assertEquals("java Main", Placement.unwrapped("java Main"));
  }
}
