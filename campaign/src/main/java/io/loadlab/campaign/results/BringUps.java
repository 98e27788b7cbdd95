package io.loadlab.campaign.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bring-ups of each configuration in campaign.json ({@code configurationTimes}): the first is
 * kept as it was measured, and a resumed campaign's bring-up (guests reused, so booting and
 * installing took nothing) is added beside it ({@code laterBringUps}) rather than over it, so that
 * plans estimate from the real bring-up, not from a resume's.
 */
public final class BringUps {
  private BringUps() {}

  /**
   * Records {@code took}, a bring-up of {@code configuration} under way (its fields are filled in
   * as it goes): the configuration's entry if it has none, else one more of its later bring-ups.
   */
  public static void record(
      Map<String, Manifest.ConfigurationTime> times,
      String configuration,
      Manifest.ConfigurationTime took) {
    Manifest.ConfigurationTime first = times.get(configuration);
    if (first == null || first == took) {
      times.put(configuration, took);
      return;
    }
    if (first.laterBringUps == null) {
      first.laterBringUps = new ArrayList<>();
    }
    if (!first.laterBringUps.contains(took)) {
      first.laterBringUps.add(took);
    }
  }

  /**
   * The bring-up plans estimate from: of {@code recorded} (a configuration's entry, may be null)
   * and its later bring-ups, the one that took longest to come up, so a resume's reused guests do
   * not make the next plan's bring-up look free; a part or phase it lacks (a bring-up killed before
   * its teardown) as the latest bring-up that has it measured it. Null for null.
   */
  public static Manifest.ConfigurationTime fullest(Manifest.ConfigurationTime recorded) {
    if (recorded == null) {
      return null;
    }
    List<Manifest.ConfigurationTime> all = new ArrayList<>(List.of(recorded));
    if (recorded.laterBringUps != null) {
      all.addAll(recorded.laterBringUps);
    }
    Manifest.ConfigurationTime best = recorded;
    for (Manifest.ConfigurationTime t : all) {
      if (t.upSeconds != null && (best.upSeconds == null || t.upSeconds > best.upSeconds)) {
        best = t;
      }
    }
    Manifest.ConfigurationTime out = new Manifest.ConfigurationTime();
    out.upSeconds = best.upSeconds;
    out.servicesSeconds = best.servicesSeconds;
    out.setupSeconds = best.setupSeconds;
    out.downSeconds = best.downSeconds;
    out.phases = best.phases == null ? null : new LinkedHashMap<>(best.phases);
    for (int i = all.size() - 1; i >= 0; i--) {
      Manifest.ConfigurationTime t = all.get(i);
      if (out.downSeconds == null) {
        out.downSeconds = t.downSeconds;
      }
      if (out.phases != null && t.phases != null) {
        t.phases.forEach(out.phases::putIfAbsent);
      }
    }
    return out;
  }
}
