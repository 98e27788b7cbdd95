package io.loadlab.core.util;

import java.util.Collection;
import java.util.List;

/**
 * Finds the known name a user most likely meant, for "did you mean" hints on unknown options and
 * fields: a known name the given text starts, else the closest by edit distance, if close enough.
 */
public final class NearestName {
  private NearestName() {}

  /** The known name nearest to {@code given}, or {@code null} if none is near. */
  public static String of(String given, Collection<String> known) {
    if (given == null || given.isEmpty()) {
      return null;
    }
    String best = null;
    for (String k : known) {
      if (k.startsWith(given) && (best == null || k.length() < best.length())) {
        best = k;
      }
    }
    if (best != null) {
      return best;
    }
    int bestDistance = Math.max(2, given.length() / 3) + 1;
    for (String k : known) {
      int d = distance(given, k);
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
    return best;
  }

  /**
   * Every known name that starts with {@code given} (at most three), else the nearest one, else
   * none: for hints where a prefix fits several names.
   */
  public static List<String> all(String given, Collection<String> known) {
    if (given == null || given.isEmpty()) {
      return List.of();
    }
    List<String> starting = known.stream().filter(k -> k.startsWith(given)).limit(3).toList();
    if (!starting.isEmpty()) {
      return starting;
    }
    String nearest = of(given, known);
    return nearest == null ? List.of() : List.of(nearest);
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
