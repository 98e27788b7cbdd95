package io.loadlab.core.results;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;

/** The machine a run ran on. */
public record EnvironmentInfo(
    String hostName,
    int cores,
    long memoryBytes,
    String os,
    String osVersion,
    String arch,
    String jvm,
    String jvmVersion) {

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
        System.getProperty("java.version"));
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
