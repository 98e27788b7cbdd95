package io.loadlab.provision.libvirt;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * libvirt CPU bitmaps as libvirt-java passes them: each {@code int} holds one <em>byte</em> of the
 * map (CPUs 0-7 in element 0, 8-15 in element 1...), not one CPU.
 */
public final class CpuMaps {
  private CpuMaps() {}

  /** The bitmap with the given CPUs set, long enough for {@code maxCpus}. */
  public static int[] of(Collection<Integer> cpus, int maxCpus) {
    int[] map = new int[Math.max(1, (maxCpus + 7) / 8)];
    for (int cpu : cpus) {
      if (cpu / 8 >= map.length) {
        throw new IllegalArgumentException("CPU " + cpu + " is beyond the map of " + maxCpus);
      }
      map[cpu / 8] |= 1 << (cpu % 8);
    }
    return map;
  }

  /** The CPUs set in bytes {@code [offset, offset + length)} of a bitmap. */
  public static List<Integer> cpus(int[] map, int offset, int length) {
    List<Integer> cpus = new ArrayList<>();
    for (int i = 0; i < length; i++) {
      int b = map[offset + i] & 0xff;
      for (int bit = 0; bit < 8; bit++) {
        if ((b & (1 << bit)) != 0) {
          cpus.add(i * 8 + bit);
        }
      }
    }
    return cpus;
  }
}
