package io.loadlab.campaign.layout;

import io.loadlab.campaign.results.Quantity;

/**
 * A figure shown in a unit a report chose, such as {@code bytesPerSec} in {@code Mb/s} or {@code
 * p50Us} in {@code ms}: the unit's name as a report prints it and the conversion of the figure's
 * recorded values into it.
 *
 * @param figure the figure's key
 * @param quantity what it measures, or null when no unit conversion is known for it
 * @param unit the unit's name as printed ({@code µs} for {@code us}), or null for none
 * @param recorded the size of the unit the figure is recorded in, in the quantity's base unit
 * @param size the size of {@code unit} in the quantity's base unit
 */
public record FigureUnit(
    String figure, Quantity quantity, String unit, double recorded, double size) {

  /**
   * Figure {@code figure} in {@code unit}; null {@code unit} means the quantity's base unit (µs,
   * B/s, /s, opm, count), or none for a figure of no known quantity. A figure of a named operation
   * ({@code transit.meanUs}) has the unit of its figure.
   *
   * @throws IllegalArgumentException saying, in one line, which units fit the figure instead
   */
  public static FigureUnit of(String figure, String unit) {
    String bare = figure.substring(figure.lastIndexOf('.') + 1);
    Quantity q = Quantity.of(bare);
    if (q == null) {
      if (unit != null) {
        throw new IllegalArgumentException(
            "'" + unit + "' does not fit " + figure + " (no unit is known for it); remove unit");
      }
      return new FigureUnit(figure, null, null, 1, 1);
    }
    String name = unit == null ? base(q, bare) : unit.equals("us") ? "µs" : unit;
    Double size = q.units().get(name);
    if (size == null) {
      throw new IllegalArgumentException(
          "'"
              + unit
              + "' does not fit "
              + figure
              + " ("
              + q.description()
              + "); use "
              + q.listed());
    }
    return new FigureUnit(figure, q, name, q.recordedIn(bare), size);
  }

  /** A recorded value in this unit. */
  public double convert(double value) {
    return recorded == size ? value : value * this.recorded / size;
  }

  private static String base(Quantity q, String figure) {
    return switch (q) {
      case TIME, CPU_COST -> "µs";
      case BYTE_RATE -> "B/s";
      case RATE -> figure.equals("rate") ? "ops/s" : "/s";
      case OPM -> "opm";
      case COUNT -> "count";
    };
  }
}
