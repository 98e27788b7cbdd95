package io.loadlab.provision.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RemoteShell;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The interface facts script run by a real {@code sh} on this machine, and ethtool's output. */
@Timeout(30)
class NicFactsTest {
  /** Runs commands in a local {@code sh -c}. */
  static final class LocalShell implements RemoteShell {
    @Override
    public CommandResult run(String command) {
      try {
        Process p = new ProcessBuilder("sh", "-c", command).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new CommandResult(command, p.waitFor(), out, err);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public CommandResult runWithInput(String command, Path input) {
      throw new UnsupportedOperationException();
    }

    @Override
    public CommandResult runPrivileged(String command) {
      throw new UnsupportedOperationException("facts are only read");
    }

    @Override
    public String name() {
      return "local";
    }
  }

  @Test
  void readsTheLoopbackAndMissesAnInterfaceThatIsNotThere() {
    NicFacts lo = NicFacts.read(new LocalShell(), "lo");
    assertTrue(lo.exists());
    assertTrue(lo.mtu() >= 1500, lo.toString());
    assertEquals(-1, lo.totalVfs(), "the loopback is no SR-IOV port");
    NicFacts none = NicFacts.read(new LocalShell(), "nosuch0");
    assertFalse(none.exists());
  }

  @Test
  void parsesEthtoolFeaturesAndCoalescing() {
    Map<String, EthtoolOutput.Feature> f =
        EthtoolOutput.features(
            "Features for eth2:\nrx-checksumming: on\ntcp-segmentation-offload: on\n"
                + "\ttx-tcp-segmentation: on\nlarge-receive-offload: off [fixed]\n"
                + "generic-receive-offload: on\n");
    assertEquals(new EthtoolOutput.Feature(false, true), f.get("large-receive-offload"));
    assertEquals(new EthtoolOutput.Feature(true, false), f.get("tx-tcp-segmentation"));
    Map<String, String> c =
        EthtoolOutput.coalescing(
            "Coalesce parameters for eth2:\nAdaptive RX: on  TX: off\nstats-block-usecs: 0\n"
                + "sample-interval: 0\n\nrx-usecs: 3\nrx-frames: 0\nrx-usecs-low: n/a\n"
                + "CQE mode RX: n/a  TX: n/a\n");
    assertEquals("on", c.get("adaptive-rx"));
    assertEquals("off", c.get("adaptive-tx"));
    assertEquals("3", c.get("rx-usecs"));
    assertEquals("n/a", c.get("rx-usecs-low"));
    assertEquals("n/a", c.get("cqe-mode-rx"));
  }
}
