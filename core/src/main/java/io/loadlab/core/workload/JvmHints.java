package io.loadlab.core.workload;

/**
 * What the JVM a command runs in should be given when a campaign starts it (the launcher's choices
 * for this machine, which a run's own JVM options override).
 *
 * @param launcherJit true if it takes the launcher's JIT choice for this machine (from {@code
 *     lib/launch-jit.sh})
 * @param aotCache true if it starts from the launcher's ahead-of-time cache (from {@code
 *     lib/aot-cache.sh}, Java 25+) when there is one
 */
public record JvmHints(boolean launcherJit, boolean aotCache) {
  /** Nothing beyond the JVM's defaults. */
  public static final JvmHints NONE = new JvmHints(false, false);
}
