package io.loadlab.campaign.plan;

import java.util.Locale;

/** Short texts for how long is left, as progress lines and plans show it: 45s, 3m05s, 2h10m. */
public final class Eta {
  private Eta() {}

  public static String format(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return (s / 60) + "m" + (s % 60 == 0 ? "" : String.format(Locale.ROOT, "%02ds", s % 60));
    }
    return (s / 3600) + "h" + String.format(Locale.ROOT, "%02dm", (s % 3600) / 60);
  }
}
