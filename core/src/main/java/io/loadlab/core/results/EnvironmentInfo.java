package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;

/**
 * The machine a run ran on, with the JVM's just-in-time compilers ({@code jit}: {@code C1+C2},
 * {@code C1 only}, {@code C2 only} or {@code interpreter only}; null where unknown), which change a
 * client's CPU cost per operation on a small machine, and the ahead-of-time cache it started with
 * ({@code aotCache}: the file's name, Java 25+; null without one), which shortens its JIT warm-up.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnvironmentInfo(
    String hostName,
    int cores,
    long memoryBytes,
    String os,
    String osVersion,
    String arch,
    String jvm,
    String jvmVersion,
    String jit,
    String aotCache) {

  /** Describes the machine this JVM runs on. */
  public static EnvironmentInfo current() {
    long memory = -1;
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      memory = os.getTotalMemorySize();
    }
    return new EnvironmentInfo(
        localHostName(),
        Runtime.getRuntime().availableProcessors(),
        memory,
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("os.arch"),
        System.getProperty("java.vm.name"),
        System.getProperty("java.version"),
        currentJit(),
        currentAotCache());
  }

  /**
   * The file name of the ahead-of-time cache this JVM started with ({@code -XX:AOTCache}), or null.
   */
  public static String currentAotCache() {
    try {
      String value =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
              .getVMOption("AOTCache")
              .getValue();
      return value == null || value.isBlank()
          ? null
          : java.nio.file.Path.of(value).getFileName().toString();
    } catch (RuntimeException e) {
      return null; // before Java 24, or not HotSpot
    }
  }

  /**
   * The compilers this JVM runs code with, read from HotSpot's flags ({@code TieredCompilation},
   * {@code TieredStopAtLevel}, {@code -Xint}); null on a JVM without them.
   */
  public static String currentJit() {
    if (String.valueOf(System.getProperty("java.vm.info")).contains("interpreted mode")) {
      return "interpreter only";
    }
    try {
      HotSpotDiagnosticMXBean hotspot =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      if (!Boolean.parseBoolean(hotspot.getVMOption("TieredCompilation").getValue())) {
        return "C2 only";
      }
      int level = Integer.parseInt(hotspot.getVMOption("TieredStopAtLevel").getValue());
      return level >= 4 ? "C1+C2" : level >= 1 ? "C1 only" : "interpreter only";
    } catch (RuntimeException e) {
      return null; // not HotSpot
    }
  }

  private static String localHostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      String env = System.getenv("HOSTNAME");
      return env != null ? env : "unknown";
    }
  }
}
