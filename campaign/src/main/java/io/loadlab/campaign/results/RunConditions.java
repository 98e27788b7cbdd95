package io.loadlab.campaign.results;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the reports say about the conditions cells were measured under: how each configuration's
 * guests ran ({@link GuestsRan}: KVM or emulated, beside the configuration's name), a configuration
 * labelled KVM whose guests ran under TCG (flagged, never shown silently), and under a table, when
 * the cells it compares ran emulated or under very different host load ({@link HostLoad}: one
 * cell's mean load at least {@link #LOAD_RATIO} times another's and at least the machine's CPU
 * count).
 */
public final class RunConditions {
  /** How many times busier one cell's host must have been than another's to be noted. */
  static final double LOAD_RATIO = 2;

  private static final Pattern KVM = Pattern.compile("(?i)(^|[^a-z])kvm([^a-z]|$)");

  private RunConditions() {}

  /** How {@code configuration}'s guests ran, or null for one without recorded guests. */
  public static GuestsRan of(Manifest m, String configuration) {
    return m.virtualization == null ? null : m.virtualization.get(configuration);
  }

  /** What follows a configuration's name: {@code " (TCG, emulated)"}, or empty without guests. */
  public static String suffix(Manifest m, String configuration) {
    GuestsRan g = of(m, configuration);
    return g == null ? "" : " (" + g.shown() + ")";
  }

  /** The name with its {@link #suffix}: {@code bridged (TCG, emulated)}. */
  public static String label(Manifest m, String configuration) {
    return configuration + suffix(m, configuration);
  }

  /**
   * The KVM {@code configuration}'s name, attributes or its runs' {@code --label} claim while its
   * guests ran emulated (e.g. {@code KVM bridged}), or null when none does.
   */
  public static String kvmClaim(Manifest m, String configuration) {
    GuestsRan g = of(m, configuration);
    if (g == null || !g.emulated()) {
      return null;
    }
    List<String> said = new ArrayList<>(List.of(configuration));
    Map<String, String> a = m.attributes == null ? null : m.attributes.get(configuration);
    if (a != null) {
      said.addAll(a.values());
    }
    for (Manifest.RunEntry r : m.runs) {
      for (List<String> words :
          configuration.equals(r.configuration) ? r.commandLines : List.<List<String>>of()) {
        int at = words.indexOf("--label");
        if (at >= 0 && at + 1 < words.size()) {
          said.add(words.get(at + 1));
        }
      }
    }
    return said.stream().filter(s -> KVM.matcher(s).find()).findFirst().orElse(null);
  }

  /**
   * One line per configuration with guests, how they ran and their CPU model, with a flag for one
   * labelled KVM whose guests ran emulated; empty when the campaign recorded no guests.
   */
  public static List<String> guestLines(Manifest m) {
    List<String> lines = new ArrayList<>();
    if (m.virtualization == null) {
      return lines;
    }
    m.virtualization.forEach(
        (conf, g) -> {
          String line =
              conf
                  + ": guests ran "
                  + switch (g.type == null ? "unknown" : g.type) {
                    case "kvm" -> "under KVM";
                    case "tcg" -> "under TCG (QEMU's emulation, no KVM)";
                    case "mixed" -> "partly under KVM, partly under TCG (emulated)";
                    default -> "under virtualization not recorded";
                  }
                  + (g.cpuModel == null ? "" : ", CPU model " + g.cpuModel);
          lines.add(line + ".");
          String claim = kvmClaim(m, conf);
          if (claim != null) {
            lines.add(flag(conf, claim));
          }
        });
    return lines;
  }

  private static String flag(String conf, String claim) {
    return "⚠ "
        + conf
        + " is labelled \""
        + claim
        + "\", but its guests ran under TCG (QEMU's emulation, not KVM): its figures are an"
        + " emulated guest's, not KVM's.";
  }

  /**
   * The notes under a table comparing {@code cells}: configurations labelled KVM that ran emulated,
   * cells measured in emulated guests, cells measured under very different host load; empty when
   * none applies.
   *
   * @param titles the table's own title and caption, checked for a KVM claim too (may be empty)
   */
  public static List<String> notes(
      Manifest m, Collection<Manifest.CellEntry> cells, String... titles) {
    List<String> notes = new ArrayList<>();
    Set<String> confs = new LinkedHashSet<>();
    cells.stream().filter(c -> c != null).forEach(c -> confs.add(c.configuration));
    List<String> emulated = new ArrayList<>();
    for (String conf : confs) {
      GuestsRan g = of(m, conf);
      if (g != null && g.emulated()) {
        emulated.add(conf);
        String claim = kvmClaim(m, conf);
        if (claim == null) {
          claim = titleClaim(titles);
        }
        if (claim != null) {
          notes.add(flag(conf, claim));
        }
      }
    }
    if (!emulated.isEmpty()) {
      List<String> others = confs.stream().filter(c -> !emulated.contains(c)).toList();
      notes.add(
          "Under emulation: "
              + String.join(", ", emulated)
              + (emulated.size() == 1 ? " was" : " were")
              + " measured in guests QEMU emulated (TCG)"
              + (others.isEmpty()
                  ? "; the figures are an emulated guest's."
                  : ", "
                      + String.join(", ", others)
                      + " not; the comparison measures the emulation as much as the"
                      + " configurations."));
    }
    String load = loadNote(m, cells);
    if (load != null) {
      notes.add(load);
    }
    return notes;
  }

  private static String titleClaim(String... titles) {
    for (String t : titles) {
      if (t != null && KVM.matcher(t).find()) {
        return t.strip();
      }
    }
    return null;
  }

  /**
   * The note on the host load of {@code cells}, when the busiest was measured at a mean load at
   * least {@link #LOAD_RATIO} times the quietest's and at least the machine's CPU count; else null.
   */
  static String loadNote(Manifest m, Collection<Manifest.CellEntry> cells) {
    Manifest.CellEntry busiest = null;
    Manifest.CellEntry quietest = null;
    double high = Double.NEGATIVE_INFINITY;
    double low = Double.POSITIVE_INFINITY;
    int cpus = 0;
    for (Manifest.CellEntry c : cells) {
      if (c == null) {
        continue;
      }
      double sum = 0;
      int n = 0;
      for (Manifest.RunEntry r : m.runs) {
        Double mean = r.hostLoad == null ? null : r.hostLoad.mean();
        if (c.id.equals(r.cell) && mean != null && !"running".equals(r.status)) {
          sum += mean;
          n++;
          cpus = Math.max(cpus, r.hostLoad.cpus == null ? 0 : r.hostLoad.cpus);
        }
      }
      if (n == 0) {
        continue;
      }
      double load = sum / n;
      if (load > high) {
        high = load;
        busiest = c;
      }
      if (load < low) {
        low = load;
        quietest = c;
      }
    }
    if (busiest == null || busiest == quietest || high < LOAD_RATIO * low || high < cpus) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "Host load differed: %s was measured at a mean load average of %.1f, %s at %.1f, on a"
            + " machine of %d CPUs; the busier cells' figures include the host's other work, so"
            + " the ratios between them are not the configurations' alone.",
        busiest.id,
        high,
        quietest.id,
        low,
        cpus);
  }
}
