package io.loadlab.campaign.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.Role;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.tuning.CpuTopology;
import io.loadlab.provision.tuning.CpuTopologyCheck;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One CPU numbering of the Dell R710 in both examples that test it (examples/README.md, "The Dell
 * R710's CPU numbering"): even CPUs on socket 0, odd on socket 1, as the messaging report's {@code
 * numactl -C0,2,4,6,8,10 -m0} and its vcpupin script's "# socket 0" state it, and CPU n's
 * hyperthread n+12, which neither report states (inferred: Linux's usual numbering of a two-socket
 * Xeon 5600). The DS2 and messaging testbeds agree on socket 0's CPUs, pass {@code provision
 * plan}'s topology check on an R710 numbered so, and every sentence of the examples that gives the
 * hyperthread rule says it is inferred.
 */
class R710NumberingTest {
  static final Path EXAMPLES = AmqpExampleTablesTest.EXAMPLES;
  static final SortedSet<Integer> SOCKET0 = cpus(0);
  static final SortedSet<Integer> SOCKET1 = cpus(1);

  private static SortedSet<Integer> cpus(int socket) {
    return IntStream.range(0, 24)
        .filter(c -> c % 2 == socket)
        .boxed()
        .collect(TreeSet::new, TreeSet::add, TreeSet::addAll);
  }

  /** The R710's topology as its sysfs gives it in that numbering. */
  static CpuTopology r710() {
    SortedMap<Integer, CpuTopology.Cpu> cpus = new TreeMap<>();
    for (int c = 0; c < 24; c++) {
      int first = c % 12;
      cpus.put(c, new CpuTopology.Cpu(c % 2, first / 2, new TreeSet<>(List.of(first, first + 12))));
    }
    return new CpuTopology(cpus, new TreeMap<>(Map.of(0, SOCKET0, 1, SOCKET1)));
  }

  /** The CPUs the roles bound to NUMA node {@code node} take, parsed from their lists. */
  private static SortedSet<Integer> roleCpus(Testbed t, int node) {
    SortedSet<Integer> s = new TreeSet<>();
    for (Role r : t.roles()) {
      if (r.numaNode() != null && r.numaNode() == node && r.cpus() != null) {
        for (String part : r.cpus().split(",")) {
          String[] range = part.split("-");
          int from = Integer.parseInt(range[0]);
          int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
          IntStream.rangeClosed(from, to).forEach(s::add);
        }
      }
    }
    return s;
  }

  @Test
  void bothExamplesTakeTheSameCpusAsSocket0() {
    Testbed amqp = TestbedFile.read(EXAMPLES.resolve("amqp-sriov/testbed-bare-latency.yaml"));
    Testbed ds2 = TestbedFile.read(EXAMPLES.resolve("ds2-sriov/testbed-bare-4.yaml"));
    assertEquals(SOCKET0, roleCpus(amqp, 0), "amqp-sriov: numa-node 0 brokers");
    assertEquals(SOCKET0, roleCpus(ds2, 0), "ds2-sriov: numa-node 0 databases");
    assertEquals(roleCpus(amqp, 0), roleCpus(ds2, 0), "socket 0 of the R710");
    assertEquals(SOCKET1, roleCpus(ds2, 1), "ds2-sriov: numa-node 1 databases");
    assertEquals(SOCKET1, roleCpus(amqp, 1), "amqp-sriov: numa-node 1 brokers");
  }

  @ParameterizedTest
  @ValueSource(strings = {"testbed-bridged-4.yaml", "testbed-sriov-4.yaml"})
  void ds2GuestsTakeThreeCoresOfOneSocketAndTheirHyperthreads(String file) {
    Testbed t = TestbedFile.read(EXAMPLES.resolve("ds2-sriov").resolve(file));
    SortedSet<Integer> socket0 = new TreeSet<>();
    for (int g = 1; g <= 4; g++) {
      List<Integer> pins = t.guests().get("db" + g).pinning().cpus();
      SortedSet<Integer> socket = g % 2 == 1 ? SOCKET0 : SOCKET1; // two per socket, alternating
      assertTrue(socket.containsAll(pins), file + " db" + g + " " + pins);
      for (int c : pins) {
        assertTrue(pins.contains(c < 12 ? c + 12 : c - 12), file + " db" + g + ": sibling of " + c);
      }
      if (g % 2 == 1) {
        socket0.addAll(pins);
      }
    }
    assertEquals(SOCKET0, socket0, file + ": db1 and db3 fill socket 0");
    // The same lists as the bare-metal instances.
    Testbed bare = TestbedFile.read(EXAMPLES.resolve("ds2-sriov/testbed-bare-4.yaml"));
    for (int g = 1; g <= 4; g++) {
      assertEquals(
          t.guests().get("db" + g).pinning().cpus().stream()
              .map(String::valueOf)
              .reduce((a, b) -> a + "," + b)
              .orElseThrow(),
          bare.roles().get(g - 1).cpus(),
          "db" + g);
    }
  }

  /** The hyperthread rule as the examples write it: "n+12", "n + 12", "*n* + 12". */
  private static final java.util.regex.Pattern HYPERTHREAD_RULE =
      java.util.regex.Pattern.compile("\\*?n\\*? ?\\+ ?12\\b");

  /**
   * The R710's hyperthread rule is an inference (neither report says which CPUs share a core):
   * wherever examples/ states it, in the README or a file's comments, its sentence says so.
   */
  @Test
  void theHyperthreadRuleIsMarkedAsAnInferenceWhereverItIsGiven() throws Exception {
    List<String> unmarked = new java.util.ArrayList<>();
    int found = 0;
    List<Path> files;
    try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(EXAMPLES)) {
      files =
          walk.filter(p -> p.toString().endsWith(".md") || p.toString().endsWith(".yaml"))
              .sorted()
              .toList();
    }
    for (Path file : files) {
      StringBuilder text = new StringBuilder();
      for (String line : java.nio.file.Files.readAllLines(file)) {
        String l = line.strip();
        if (file.toString().endsWith(".yaml")) {
          int hash = l.indexOf('#');
          l = hash < 0 ? "" : l.substring(hash + 1).strip(); // comments only
        }
        // A blank line or a list item starts a new paragraph.
        text.append(l.isEmpty() ? "\n\n" : (l.startsWith("- ") ? "\n\n" : "") + l + " ");
      }
      // Sentences: up to a full stop (bold or not) and a space, or a paragraph's end.
      for (String sentence : text.toString().split("(?<=\\.|\\.\\*\\*)\\s+(?=[A-Z`(*])|\n\n")) {
        if (HYPERTHREAD_RULE.matcher(sentence).find()) {
          found++;
          if (!sentence.toLowerCase(java.util.Locale.ROOT).contains("infer")) {
            unmarked.add(EXAMPLES.relativize(file) + ": " + sentence.strip());
          }
        }
      }
    }
    assertTrue(found >= 4, "the README and the DS2 four-instance testbeds give the rule: " + found);
    assertEquals(List.of(), unmarked, "say that CPU n's hyperthread n+12 is inferred");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ds2-sriov/testbed-bare-4.yaml",
        "amqp-sriov/testbed-bare-latency.yaml",
        "amqp-sriov/testbed-bare-throughput.yaml"
      })
  void planTopologyCheckFindsNothingOnAnR710(String file) {
    Testbed t = TestbedFile.read(EXAMPLES.resolve(file));
    CpuTopologyCheck.Result r = CpuTopologyCheck.check(t, "r710", r710());
    assertEquals(List.of(), r.errors(), file);
    assertEquals(List.of(), r.warnings(), file);
  }
}
