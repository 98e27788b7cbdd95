package io.loadlab.core.report;

/**
 * Fewer points for a static picture: the x range is cut into {@code columns} buckets and each
 * bucket keeps its lowest and its highest point, in x order, so peaks survive. Gaps (NaN) stay.
 */
final class Thinning {
  private Thinning() {}

  /** {x[], y[]} with at most about {@code 3 * columns} points. */
  static double[][] minMax(double[] x, double[] y, int columns) {
    int n = Math.min(x.length, y.length);
    if (n <= 2 * columns) {
      return new double[][] {java.util.Arrays.copyOf(x, n), java.util.Arrays.copyOf(y, n)};
    }
    double[] ox = new double[3 * columns + 3];
    double[] oy = new double[ox.length];
    int out = 0;
    int per = (n + columns - 1) / columns;
    for (int start = 0; start < n; start += per) {
      int end = Math.min(n, start + per);
      int lo = -1;
      int hi = -1;
      boolean gap = false;
      for (int i = start; i < end; i++) {
        if (Double.isNaN(y[i])) {
          gap = true;
          continue;
        }
        if (lo < 0 || y[i] < y[lo]) {
          lo = i;
        }
        if (hi < 0 || y[i] > y[hi]) {
          hi = i;
        }
      }
      if (lo < 0) {
        ox[out] = x[start];
        oy[out++] = Double.NaN;
        continue;
      }
      int first = Math.min(lo, hi);
      int second = Math.max(lo, hi);
      ox[out] = x[first];
      oy[out++] = y[first];
      if (second != first) {
        ox[out] = x[second];
        oy[out++] = y[second];
      }
      if (gap) {
        ox[out] = x[end - 1];
        oy[out++] = Double.NaN;
      }
    }
    return new double[][] {java.util.Arrays.copyOf(ox, out), java.util.Arrays.copyOf(oy, out)};
  }
}
