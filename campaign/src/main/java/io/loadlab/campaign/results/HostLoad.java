package io.loadlab.campaign.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy the campaign's machine (the guests' host on a guest lab) was around one run, in
 * campaign.json ({@code runs[].hostLoad}): its 1-minute load average as the run started and as it
 * ended, and its CPU count, so a report can say when cells it compares were measured under very
 * different load ({@link RunConditions}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class HostLoad {
  private static final Path LOADAVG = Path.of("/proc/loadavg");

  /** The 1-minute load average as the run started. */
  public Double start;

  /** The 1-minute load average as the run ended. */
  public Double end;

  /** The machine's CPUs (those this JVM may use). */
  public Integer cpus;

  /** The load now, as {@link #start}; null where {@code /proc/loadavg} cannot be read. */
  public static HostLoad starting() {
    Double now = now(LOADAVG);
    if (now == null) {
      return null;
    }
    HostLoad h = new HostLoad();
    h.start = now;
    h.cpus = Runtime.getRuntime().availableProcessors();
    return h;
  }

  /** Records the load now as {@link #end}; returns this. */
  public HostLoad ending() {
    end = now(LOADAVG);
    return this;
  }

  /** The run's load: the mean of start and end (either alone where one is missing), or null. */
  public Double mean() {
    if (start == null || end == null) {
      return start != null ? start : end;
    }
    return (start + end) / 2;
  }

  /** The first field of a {@code /proc/loadavg} file, or null. */
  static Double now(Path loadavg) {
    try {
      String first = Files.readString(loadavg).strip().split("\\s+")[0];
      return Double.parseDouble(first);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
