package io.loadlab.jmeter.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.workload.WorkloadUser;
import io.loadlab.core.workload.Workloads;
import io.loadlab.core.workload.sleep.SleepWorkload;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generic sampler takes a workload from its descriptor alone: its user, its options parsed by
 * its descriptions, and the texts of the sampler's fields (the workloads offered, their options).
 * WorkloadSamplerIT runs it in a real JMeter plan.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkloadSamplerTest {
  private final Workloads registry = Workloads.of(List.of(new SleepWorkload()));

  @Test
  void aUserPerformsOneOperationPerCall() throws Exception {
    try (WorkloadUser user = WorkloadSampler.userOf(registry, "sleep", "--pause 5ms")) {
      long start = System.nanoTime();
      WorkloadUser.Done done = user.operate();
      assertEquals(SleepWorkload.OPERATION, done.operation());
      assertTrue(System.nanoTime() - start >= 5_000_000L, "it paused");
    }
  }

  @Test
  void badOptionsAndUnknownWorkloadsAreNamed() {
    UsageException unknown =
        assertThrows(
            UsageException.class, () -> WorkloadSampler.userOf(registry, "sleep", "--nap 1s"));
    assertTrue(unknown.getMessage().contains("--nap"), unknown.getMessage());
    assertTrue(unknown.getMessage().contains("--pause"), "names the ones it takes");
    UsageException malformed =
        assertThrows(
            UsageException.class, () -> WorkloadSampler.userOf(registry, "sleep", "--pause soon"));
    assertTrue(malformed.getMessage().startsWith("--pause: 'soon'"), malformed.getMessage());
    UsageException absent =
        assertThrows(UsageException.class, () -> WorkloadSampler.userOf(registry, "nap", ""));
    assertTrue(absent.getMessage().contains("lib/ext"), absent.getMessage());
    assertTrue(absent.getMessage().endsWith("sleep"), "offers the installed: " + absent);
  }

  @Test
  void theFieldsTextsComeFromTheDescriptor() {
    assertEquals(List.of("sleep"), WorkloadSamplerBeanInfo.runnable(registry));
    assertEquals(
        " sleep: --pause TIME (each pause (default 100ms)).",
        WorkloadSamplerBeanInfo.optionsHelp(registry));
    assertEquals("", WorkloadSamplerBeanInfo.optionsHelp(Workloads.of(List.of())));
  }

  @Test
  void theInstalledNetCommandsRunThroughTheirRunnerToo() throws Exception {
    Workloads installed = Workloads.installed();
    assertTrue(
        WorkloadSamplerBeanInfo.runnable(installed).containsAll(List.of("net rr", "net crr")),
        "offered: " + WorkloadSamplerBeanInfo.runnable(installed));
    // Without --host, the user starts a loopback server of its own, closed with it.
    try (WorkloadUser user =
        WorkloadSampler.userOf(installed, "net rr", "--request 10 --response 20")) {
      for (int i = 0; i < 2; i++) {
        assertEquals(new WorkloadUser.Done("rr", 10, 20), user.operate());
      }
    }
  }
}
