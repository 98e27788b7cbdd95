package io.loadlab.campaign.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a configuration's guests ran, in campaign.json ({@code virtualization.<configuration>}) and
 * beside the configuration's name in the reports: KVM or QEMU's emulation (TCG), and the guest CPU
 * model, as libvirt ran each domain (its live XML) or, where libvirt did not say, as the guest's
 * kernel command line ({@code loadlab.virt=}) and {@code /proc/cpuinfo} say. Documented in
 * docs/results-format.md.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class GuestsRan {
  /** {@code kvm}, {@code tcg} (emulated), {@code mixed} (some of each) or {@code unknown}. */
  public String type;

  /** The guests' CPU model (libvirt's, e.g. {@code qemu64}); several joined by ", "; or null. */
  public String cpuModel;

  /**
   * Per guest: {@code type} ({@code kvm}, {@code tcg}, or the driver's own), {@code cpuModel}
   * (libvirt's), {@code cpuModelName} (the guest's {@code /proc/cpuinfo} model name).
   */
  public Map<String, Map<String, String>> guests = new LinkedHashMap<>();

  /** True if the guests ran emulated (some or all of them). */
  public boolean emulated() {
    return "tcg".equals(type) || "mixed".equals(type);
  }

  /** What is shown beside the configuration's name: {@code TCG, emulated}, {@code KVM}, …. */
  public String shown() {
    return switch (type == null ? "unknown" : type) {
      case "tcg" -> "TCG, emulated";
      case "kvm" -> "KVM";
      case "mixed" -> "KVM and TCG, partly emulated";
      default -> "virtualization unknown";
    };
  }
}
