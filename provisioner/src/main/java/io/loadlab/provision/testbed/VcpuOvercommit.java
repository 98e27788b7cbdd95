package io.loadlab.provision.testbed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;

/**
 * A host's guests may have at most {@code vcpu-overcommit} vCPUs per host CPU in all (default
 * {@value Host#DEFAULT_VCPU_OVERCOMMIT}): beyond that every guest mostly waits for a CPU, and what
 * a run measures is the waiting. Counted over the testbed's guests on the host, against the CPUs
 * libvirt reports.
 */
final class VcpuOvercommit {
  /** The largest ratio a testbed may allow. */
  static final double MAX = 64;

  private VcpuOvercommit() {}

  /** One problem per host whose guests have too many vCPUs; {@code at} makes the line. */
  static List<String> check(Testbed t, Map<String, HostFacts> facts, BinaryOperator<String> at) {
    Map<String, Integer> vcpus = new LinkedHashMap<>();
    t.guests()
        .forEach(
            (name, g) -> {
              if (g.host() != null && g.vcpus() != null && g.vcpus() > 0) {
                vcpus.merge(g.host(), g.vcpus(), Integer::sum);
              }
            });
    List<String> problems = new ArrayList<>();
    vcpus.forEach(
        (host, n) -> {
          HostFacts f = facts.get(host);
          Host h = t.hosts().get(host);
          if (f == null || h == null || f.cpus().isEmpty()) {
            return;
          }
          int cpus = f.cpus().size();
          double ratio = h.vcpuOvercommitOrDefault();
          if (n > cpus * ratio) {
            problems.add(
                at.apply(
                    "hosts." + host + ".vcpu-overcommit",
                    "its guests have "
                        + n
                        + " vCPUs on "
                        + cpus
                        + " CPUs ("
                        + format((double) n / cpus)
                        + " per CPU), more than the "
                        + format(ratio)
                        + " allowed; give the guests fewer vCPUs, or allow more with"
                        + " vcpu-overcommit"));
          }
        });
    return problems;
  }

  /**
   * A ratio with at most two decimals and no trailing zeros: {@code 2}, {@code 1.5}, {@code 0.25}.
   */
  static String format(double ratio) {
    return java.math.BigDecimal.valueOf(Math.round(ratio * 100) / 100.0)
        .stripTrailingZeros()
        .toPlainString();
  }
}
