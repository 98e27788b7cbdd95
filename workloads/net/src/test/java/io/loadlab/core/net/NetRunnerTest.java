package io.loadlab.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.net.descriptor.NetWorkloadDescriptor;
import io.loadlab.core.options.OptionValues;
import io.loadlab.core.workload.PreparedRun;
import io.loadlab.core.workload.WorkloadCommand;
import io.loadlab.core.workload.WorkloadRunner;
import io.loadlab.core.workload.WorkloadUser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The {@code net rr/crr/stream} runners as any front-end uses them, against loopback. */
@Timeout(30)
class NetRunnerTest {
  private static WorkloadCommand command(String words) {
    return new NetWorkloadDescriptor()
        .commands().stream().filter(c -> c.words().equals(words)).findFirst().orElseThrow();
  }

  @SuppressWarnings("unchecked")
  private static WorkloadRunner<NetRunner.Settings> runner(String words) {
    return (WorkloadRunner<NetRunner.Settings>) command(words).runner();
  }

  private static NetRunner.Settings settings(String words, String options) {
    return runner(words).settings(OptionValues.parse(command(words).options(), options));
  }

  private static String refusal(String words, String options) {
    return assertThrows(UsageException.class, () -> settings(words, options)).getMessage();
  }

  @Test
  void everyLoadCommandHasARunnerAndServeHasNone() {
    assertEquals(null, command("net serve").runner());
    for (String w : List.of("net rr", "net crr", "net stream")) {
      assertTrue(command(w).runner() instanceof NetRunner, w);
    }
  }

  @Test
  void optionsBecomeTheSettingsWithEachWorkloadsDefaults() {
    NetRunner.Settings rr = settings("net rr", "");
    assertEquals("127.0.0.1", rr.net().host());
    assertTrue(rr.net().serverInProcess());
    assertEquals(List.of(1), rr.net().users());
    assertTrue(rr.net().socket().noDelay());
    assertFalse(rr.mtuCheck());
    NetRunner.Settings udp =
        settings(
            "net stream",
            "--protocol udp --host ::1 --port 9000 --users 1,4 --nodelay off --mtu-check"
                + " --udp-timeout 50ms --rate 100 --send-buffer 64K");
    assertEquals(Transport.UDP, udp.net().transport());
    assertEquals("::1", udp.net().host());
    assertEquals(9000, udp.net().port());
    assertFalse(udp.net().serverInProcess());
    assertEquals(List.of(1, 4), udp.net().users());
    assertEquals(List.of(1472), udp.net().requestSizes());
    assertEquals(List.of(0), udp.net().responseSizes());
    assertFalse(udp.net().socket().noDelay());
    assertEquals(65536, udp.net().socket().sendBuffer());
    assertEquals(50, udp.net().udpTimeout().toMillis());
    assertEquals(100.0, udp.net().targetRate());
    assertTrue(udp.mtuCheck());
    assertEquals(List.of(8192), settings("net crr", "").net().responseSizes());
  }

  @Test
  void badInputIsRefusedNamingTheOptionInTheCommandLinesOrder() {
    // nodelay, then the buffers, then the protocol, then users, then the rest.
    assertEquals(
        "--nodelay: 'maybe' is not on or off",
        refusal("net rr", "--nodelay maybe --send-buffer -1 --protocol x"));
    assertEquals(
        "--send-buffer: -1 is negative; use 0 or more bytes",
        refusal("net rr", "--send-buffer -1 --protocol x --users 0"));
    assertTrue(refusal("net rr", "--protocol x --users 0").startsWith("--protocol: 'x'"));
    assertTrue(
        refusal("net crr", "--protocol udp").startsWith("--protocol udp: crr connects"), "crr");
    assertEquals(
        "--udp-timeout: applies to --protocol udp only (crr is TCP only); drop it or add"
            + " --protocol udp",
        refusal("net crr", "--udp-timeout 1s"));
    assertTrue(refusal("net rr", "--users 0 --port 0").startsWith("--users"));
    assertTrue(refusal("net rr", "--port 0 --request -1").startsWith("--port"));
    assertTrue(refusal("net rr", "--request 3G").startsWith("--request: "));
    assertTrue(refusal("net rr", "--rate -1").startsWith("--rate"));
    assertTrue(
        refusal("net rr", "--protocol udp --request 8").startsWith("--request: 8 bytes cannot"));
  }

  @Test
  void aRunWithoutHostStartsItsServerAndRecordsItsPortAndRoute() throws Exception {
    NetRunner.Settings s = settings("net rr", "--mtu-check --request 70000");
    List<String> warnings = new ArrayList<>();
    Map<?, ?> recorded;
    try (PreparedRun run = runner("net rr").prepare(s, warnings::add)) {
      recorded = (Map<?, ?>) run.recorded();
      int port = (Integer) recorded.get("port");
      // The server listens until the run is closed.
      try (NetConnection c =
          NetConnection.open(
              "127.0.0.1", port, NetSocketOptions.DEFAULTS, s.net().connectTimeout())) {
        c.transact(1, 1);
      }
    }
    assertEquals("127.0.0.1", recorded.get("host"));
    assertNotEquals(NetProtocol.DEFAULT_PORT, recorded.get("port"));
    assertEquals(true, recorded.get("serverInProcess"));
    assertTrue(recorded.containsKey("interface") && recorded.containsKey("mtu"), "" + recorded);
    assertFalse(warnings.isEmpty(), "a 70000-byte request fits no loopback packet");
    assertTrue(warnings.stream().noneMatch(w -> w.startsWith("warning:")), "" + warnings);
  }

  @Test
  void anUnreachableServerStartsNothing() throws Exception {
    int port;
    try (NetServer s = NetServer.start("127.0.0.1", 0, NetSocketOptions.DEFAULTS)) {
      port = s.port();
    }
    NetRunner.Settings s =
        settings("net rr", "--host 127.0.0.1 --connect-timeout 1s --port " + port);
    assertThrows(UnreachableTargetException.class, () -> runner("net rr").prepare(s, w -> {}));
  }

  @Test
  void aUserPerformsOneTransactionPerOperation() throws Exception {
    for (String[] c :
        new String[][] {
          {"net rr", "--request 10 --response 100", "10", "100"},
          {"net crr", "", "64", "8192"},
          {"net stream", "--request 500 --response 0", "500", "0"},
          {"net stream", "--response 4K", "20", "4096"},
          {"net rr", "--protocol udp", "14", "14"},
          {"net stream", "--protocol udp", "1472", "0"}
        }) {
      try (WorkloadUser user = runner(c[0]).user(settings(c[0], c[1]))) {
        for (int i = 0; i < 3; i++) {
          WorkloadUser.Done done = user.operate();
          String what = String.join(" ", c);
          assertEquals(c[0].substring(4), done.operation(), what);
          assertEquals(Long.parseLong(c[2]), done.sentBytes(), what);
          assertEquals(Long.parseLong(c[3]), done.receivedBytes(), what);
        }
      }
    }
  }
}
