package io.loadlab.jmeter.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.results.OperationStats;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import io.loadlab.core.workload.sleep.SleepWorkloadJar;
import io.loadlab.jmeter.Jtl;
import io.loadlab.jmeter.RealJMeter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generic sampler in a real JMeter 5.6.3 plan ({@code src/test/jmeter/workload-sleep.jmx}),
 * non-GUI, with the test-only {@code sleep} workload installed as a user installs a workload: its
 * jar in {@code lib/ext}. Every sample is one of its operations, and loadlab's listener records
 * them.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class WorkloadSamplerIT {
  @Test
  void aPlanRunsASleepOperationPerSample() throws Exception {
    RealJMeter jmeter = RealJMeter.installed();
    Path out = Files.createDirectories(Path.of("target", "example-runs").toAbsolutePath());
    Path sleepJar = SleepWorkloadJar.write(out.resolve("sleep-workload"));
    Files.copy(
        sleepJar,
        jmeter.home().resolve("lib/ext").resolve(sleepJar.getFileName()),
        StandardCopyOption.REPLACE_EXISTING);
    Path dir = Files.createDirectories(out.resolve("workload-sleep"));
    Path jtl = dir.resolve("results.jtl");
    Files.deleteIfExists(jtl);
    Path console = dir.resolve("console.txt");
    int exit =
        jmeter.run(
            List.of(
                "-n",
                "-t",
                Path.of(System.getProperty("loadlab.plans"), "workload-sleep.jmx").toString(),
                "-l",
                jtl.toString(),
                "-j",
                dir.resolve("jmeter.log").toString(),
                "-Jduration=" + System.getProperty("loadlab.it.duration", "3"),
                "-Jthreads=2",
                "-Jpause=20ms",
                "-Jloadlab.results=" + dir.resolve("loadlab")),
            console,
            Duration.ofSeconds(200));
    assertEquals(0, exit, "jmeter exit code; output:\n" + Files.readString(console));
    Jtl samples = Jtl.read(jtl);
    assertTrue(samples.failures().isEmpty(), "failed samples: " + samples.failures());
    List<Map<String, String>> naps = samples.label("nap");
    assertTrue(naps.size() >= 2, "samples: " + naps.size());
    assertEquals(2, naps.stream().map(r -> r.get("threadName")).distinct().count());
    assertTrue(
        naps.stream().allMatch(r -> Long.parseLong(r.get("elapsed")) >= 19), "each paused 20ms");
    Path json = dir.resolve("loadlab").resolve("workload-sleep").resolve("result.json");
    RunResult result = ResultJson.read(json);
    assertEquals("sleep", result.workload());
    assertEquals(RunStatus.OK, result.status(), result.statusReason());
    OperationStats nap = result.totals().get("nap");
    assertEquals(naps.size(), nap.count(), "loadlab and the JTL count the same samples");
  }
}
