package io.loadlab.cli.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.live.LiveOptions;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

/**
 * {@code jmeter run --metrics-port}: the live endpoint's options become the JMeter properties the
 * plan's loadlab Results listener serves it by, so a campaign's JMeter step is served where its
 * targets file says.
 */
class JmeterLivePropertiesTest {
  @Test
  void theEndpointsOptionsBecomeTheListenersProperties() throws Exception {
    Map<String, String> p =
        JmeterRunCommand.liveProperties(
            parse(
                "--metrics-port",
                "9471",
                "--metrics-label",
                "campaign=nightly",
                "--metrics-label",
                "machine=local"));
    assertEquals("9471", p.get("loadlab.metrics.port"));
    assertEquals("127.0.0.1", p.get("loadlab.metrics.address"));
    assertEquals("nightly", p.get("loadlab.metrics.label.campaign"));
    assertEquals("local", p.get("loadlab.metrics.label.machine"));
    assertEquals(4, p.size(), p.toString());
  }

  @Test
  void noPortNoProperties() throws Exception {
    assertTrue(JmeterRunCommand.liveProperties(parse()).isEmpty());
  }

  private static CommandLine parse(String... args) throws Exception {
    Options o = new Options();
    LiveOptions.TABLE.specs().forEach(s -> o.addOption(OptionDefs.of(s)));
    return new DefaultParser().parse(o, args);
  }
}
