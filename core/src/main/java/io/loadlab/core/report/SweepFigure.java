package io.loadlab.core.report;

import java.util.List;

/**
 * One figure of an experiment, as the seeds draw it: a metric (such as transfers/s) at each point
 * of a sweep (message size, users, MTU) for each configuration (bare metal, bridged, SR-IOV), with
 * the values of every iteration.
 *
 * @param id a name unique in the report
 * @param title what is shown, such as {@code throughput: msgPerSec}
 * @param pointName the sweep's name, such as {@code size}, or {@code point}
 * @param lowerIsBetter true for latency, CPU and errors
 * @param points the sweep's points, in order
 * @param configurations the configurations, the baseline first
 * @param reported each configuration's reported value at each point ({@code
 *     [configuration][point]}, NaN where none)
 * @param iterations each configuration's iteration values at each point ({@code
 *     [configuration][point][iteration]})
 * @param failed each configuration's failed runs at each point
 */
public record SweepFigure(
    String id,
    String title,
    String pointName,
    boolean lowerIsBetter,
    List<String> points,
    List<String> configurations,
    double[][] reported,
    double[][][] iterations,
    int[][] failed) {}
