package io.loadlab.cli.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.campaign.results.RunFigures;
import io.loadlab.cli.CliRun;
import io.loadlab.core.results.ResultJson;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.util.Numbers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * amqp throughput on the embedded broker has one rate to quote, qpid-perftest's transfers labelled
 * messages/s (transfers), and the operations' own rates named as such beside it.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class AmqpTransfersCliTest {
  @TempDir Path dir;

  @Test
  void transfersAreTheHeadlineRateAndTheOperationsRatesAreNamed() throws Exception {
    CliRun r =
        CliRun.of(
            "amqp",
            "throughput",
            "--size",
            "64",
            "--count",
            "2000",
            "--output",
            dir.toString(),
            "--quiet");
    assertEquals(0, r.code(), r.out() + r.err());
    RunResult result = ResultJson.read(dir.resolve("result.json"));
    Double transfers = result.figures().get("transfersPerSec size=64");
    assertNotNull(transfers, result.figures().toString());
    // qpid-perftest counts both legs, every message once sent and once received, over the time
    // from the start signal to the last receipt (ThroughputDriverTest holds the identity). That
    // time is at least each client's own, so the transfers are at most the two rates' sum; they
    // need not exceed either (a busy machine may hold the first receipt back, and the one
    // subscriber's own rate is then high).
    double publish = result.figures().get("publishRate size=64");
    double subscribe = result.figures().get("subscribeRate size=64");
    assertTrue(
        transfers > 0 && transfers <= (publish + subscribe) * 1.0001,
        transfers + " within the sum of publish " + publish + " and subscribe " + subscribe);
    String line = "size=64: messages/s (transfers): " + Numbers.format(transfers);
    String ops =
        "; operations/s: publish size=64 "
            + Numbers.format(result.totals().get("publish size=64").ratePerSec())
            + ", deliver size=64 "
            + Numbers.format(result.totals().get("deliver size=64").ratePerSec());
    assertTrue(r.out().contains(line + ops), r.out());
    assertTrue(r.out().contains("messages/s (transfers)  "), "the per-size table: " + r.out());
    String md = Files.readString(dir.resolve("summary.md"));
    assertTrue(md.contains("- " + line + ops), md);
    assertTrue(md.contains("every message counts when sent and when received"), md);
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("messages/s (transfers) size=64"), "figures table labelled");
    assertEquals(transfers, RunFigures.read(dir, null).figures().get("transfersPerSec"), 1e-9);
  }
}
