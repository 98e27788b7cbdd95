package io.loadlab.campaign.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A workload figure at a point reaches the campaign under its key, at the step's operation. */
class RunFiguresPointTest {
  @TempDir Path dir;

  private void result(String totals, String figures) throws Exception {
    Files.writeString(
        dir.resolve("result.json"),
        "{\"status\":\"ok\",\"totals\":{" + totals + "},\"figures\":{" + figures + "}}");
  }

  @Test
  void theFigureAtTheOperationsPointIsTaken() throws Exception {
    result(
        "\"rr users=1\":{\"ratePerSec\":3000},\"rr users=2\":{\"ratePerSec\":5000}",
        "\"netperfLatencyUs users=1\":333.3,\"netperfLatencyUs users=2\":400.0,\"opm\":7");
    assertEquals(400.0, RunFigures.read(dir, "rr users=2").figures().get("netperfLatencyUs"));
    assertEquals(5000.0, RunFigures.read(dir, "rr users=2").figures().get("rate"));
    assertEquals(333.3, RunFigures.read(dir, null).figures().get("netperfLatencyUs"));
    assertEquals(7.0, RunFigures.read(dir, "rr users=2").figures().get("opm"));
  }

  @Test
  void aStreamsCpuPerMegabyteAndAmqpTransfersKeepTheirKeys() throws Exception {
    result(
        "\"publish size=64\":{\"ratePerSec\":2500},\"deliver size=64\":{\"ratePerSec\":2500}",
        "\"transfersPerSec size=64\":6000,\"cpuUsPerMB users=1\":812.5");
    RunFigures f = RunFigures.read(dir, "deliver");
    assertEquals(6000.0, f.figures().get("transfersPerSec"));
    assertEquals(812.5, f.figures().get("cpuUsPerMB"));
  }

  @Test
  void anOperationsOwnFigureKeepsItsNameAndAUnitLabelIsNoKey() throws Exception {
    result(
        "\"rr users=1\":{\"ratePerSec\":900},\"rr users=2\":{\"ratePerSec\":1700}",
        "\"rr users=1: lost\":3,\"rr users=2: lost\":5,\"stream: received MB/s\":9.5");
    RunFigures f = RunFigures.read(dir, "rr users=2");
    assertEquals(5.0, f.figures().get("lost"), "the operation's own, not the first point's");
    assertEquals(null, f.figures().get("rr"), "no key cut from 'rr users=1: lost'");
    assertEquals(null, f.figures().get("stream"), "no key cut from 'stream: received MB/s'");
    assertEquals(3.0, RunFigures.read(dir, null).figures().get("lost"));
  }

  @Test
  void theProcessesCpuIsTheClientsAndTheServersNotTheMachines() throws Exception {
    result(
        "\"rr users=1\":{\"ratePerSec\":1000,\"bytesPerSec\":2000000,"
            + "\"cpu\":{\"clientUsPerOp\":30,\"hostUsPerOp\":1900,\"serverUsPerOp\":20}}",
        "");
    RunFigures f = RunFigures.read(dir, null);
    assertEquals(1900.0, f.figures().get("cpuUsPerOp"), "the machine's, as before");
    assertEquals(30.0, f.figures().get("cpuClientUsPerOp"));
    assertEquals(20.0, f.figures().get("cpuServerUsPerOp"));
    assertEquals(50.0, f.figures().get("cpuProcessUsPerOp"));
    // 50 µs a transaction, 2,000 bytes a transaction: 25,000 µs per 10^6 bytes.
    assertEquals(25000.0, f.figures().get("cpuProcessUsPerMB"), 1e-9);
  }
}
