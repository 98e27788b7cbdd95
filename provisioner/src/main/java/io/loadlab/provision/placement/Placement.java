package io.loadlab.provision.placement;

import io.loadlab.core.util.Texts;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Where and how eagerly a process runs, as the lab reports started their brokers and clients
 * ({@code nice -n -20 numactl -C0,2,4 -m0 qpidd}): a niceness, a NUMA node whose CPUs and memory it
 * is bound to, and CPUs it is pinned to. Given both a node and CPUs, memory comes from the node and
 * the CPUs are the listed ones ({@code --physcpubind} comes last, and numactl's last CPU binding
 * wins).
 *
 * @param nice the niceness, -20 (most favoured) to 19, or null to leave it
 * @param numaNode bind CPUs and memory to this NUMA node ({@code numactl --cpunodebind --membind}),
 *     or null
 * @param cpus pin to these CPUs, a list such as {@code 0-5} or {@code 0,2,4} ({@code numactl
 *     --physcpubind}), or null
 */
public record Placement(Integer nice, Integer numaNode, String cpus) {
  /** No wrapper: the process runs as started. */
  public static final Placement NONE = new Placement(null, null, null);

  /** The niceness range of {@code nice -n}. */
  public static final int NICE_MIN = -20;

  public static final int NICE_MAX = 19;

  /** Highest CPU or node number accepted (Linux's own limit is 8191 CPUs). */
  static final int MAX_CPU = 8191;

  private static final Pattern CPU_LIST = Pattern.compile("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*");

  /** Blank CPUs are none. */
  public Placement {
    cpus = cpus == null || cpus.isBlank() ? null : cpus.strip();
  }

  /** True if nothing is set. */
  public boolean isNone() {
    return nice == null && numaNode == null && cpus == null;
  }

  /** True if the wrapper runs {@code numactl}. */
  public boolean usesNumactl() {
    return numaNode != null || cpus != null;
  }

  /**
   * This placement, each unset field taken from {@code base}: a client's placement over its step's.
   */
  public Placement over(Placement base) {
    return new Placement(
        nice != null ? nice : base.nice,
        numaNode != null ? numaNode : base.numaNode,
        cpus != null ? cpus : base.cpus);
  }

  /**
   * The words the process's command is put after, e.g. {@code [nice, -n, -20, numactl,
   * --cpunodebind=0, --membind=0]}; empty for {@link #NONE}. Both programs exec the command, so the
   * process keeps the wrapper's pid.
   */
  public List<String> words() {
    List<String> w = new ArrayList<>();
    if (nice != null) {
      w.addAll(List.of("nice", "-n", String.valueOf(nice)));
    }
    if (usesNumactl()) {
      w.add("numactl");
      if (numaNode != null) {
        w.add("--cpunodebind=" + numaNode);
        w.add("--membind=" + numaNode);
      }
      if (cpus != null) {
        w.add("--physcpubind=" + cpus);
      }
    }
    return w;
  }

  /** The wrapper as a shell prefix ending in a space, or "" without one (all words are safe). */
  public String shellPrefix() {
    List<String> w = words();
    return w.isEmpty() ? "" : String.join(" ", w) + " ";
  }

  /** A short description, e.g. {@code nice -20, NUMA node 0, CPUs 0-5}; "" for none. */
  public String describe() {
    List<String> parts = new ArrayList<>();
    if (nice != null) {
      parts.add("nice " + nice);
    }
    if (numaNode != null) {
      parts.add("NUMA node " + numaNode);
    }
    if (cpus != null) {
      parts.add("CPUs " + cpus);
    }
    return String.join(", ", parts);
  }

  /**
   * Reports each problem of the fields to {@code problem} as (field name as written in files:
   * {@code nice}, {@code numa-node} or {@code cpus}; what is wrong and the fix).
   */
  public void check(BiConsumer<String, String> problem) {
    if (nice != null && (nice < NICE_MIN || nice > NICE_MAX)) {
      problem.accept(
          "nice",
          nice + " is out of range; give a niceness from -20 (most favoured) to 19 (least)");
    }
    if (numaNode != null && (numaNode < 0 || numaNode > MAX_CPU)) {
      problem.accept("numa-node", numaNode + " is not a NUMA node; give its number, e.g. 0");
    }
    if (cpus != null && cpuSet(cpus) == null) {
      problem.accept(
          "cpus",
          "'"
              + Texts.cut(cpus)
              + "' is not a CPU list; give numbers and ranges such as \"0-5\" or \"0,2,4\"");
    }
  }

  /**
   * The CPUs of a list such as {@code 0-3,8}, or null if it is not one (a range running backwards,
   * a number past {@value #MAX_CPU}).
   */
  public static SortedSet<Integer> cpuSet(String list) {
    if (list == null || !CPU_LIST.matcher(list).matches()) {
      return null;
    }
    SortedSet<Integer> cpus = new TreeSet<>();
    for (String part : list.split(",")) {
      String[] ends = part.split("-");
      if (ends[0].length() > 4 || ends[ends.length - 1].length() > 4) {
        return null;
      }
      int lo = Integer.parseInt(ends[0]);
      int hi = Integer.parseInt(ends[ends.length - 1]);
      if (hi < lo || hi > MAX_CPU) {
        return null;
      }
      for (int c = lo; c <= hi; c++) {
        cpus.add(c);
      }
    }
    return cpus;
  }

  /**
   * A command line without a leading placement wrapper ({@code nice -n N}, {@code numactl
   * --opt=value ...}): what the process's command line is once the wrapper has exec'd it.
   */
  public static String unwrapped(String commandLine) {
    String s = commandLine.strip();
    if (s.startsWith("nice -n ")) {
      String rest = s.substring("nice -n ".length());
      int sp = rest.indexOf(' ');
      s = sp < 0 ? "" : rest.substring(sp + 1).strip();
    }
    if (s.startsWith("numactl ")) {
      s = s.substring("numactl ".length()).strip();
      while (s.startsWith("--")) {
        int sp = s.indexOf(' ');
        s = sp < 0 ? "" : s.substring(sp + 1).strip();
      }
    }
    return s;
  }
}
