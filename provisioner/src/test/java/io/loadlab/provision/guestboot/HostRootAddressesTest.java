package io.loadlab.provision.guestboot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.provision.testbed.Guest;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.LabBridge;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What a host-root guest's /init is told to set on each NIC ({@code loadlab.ip=}). */
@Timeout(10)
class HostRootAddressesTest {
  static final Host HOST =
      new Host(
          null,
          null,
          null,
          null,
          null,
          null,
          "qemu:///system",
          null,
          true,
          "auto",
          Map.of("llm0", new LabBridge("10.231.80.1/16")));

  @Test
  void oneNicTakesTheGuestsAddressWithItsBridgesPrefix() {
    Guest g =
        new Guest(
            "this",
            null,
            null,
            1,
            "1G",
            null,
            null,
            new Guest.Network("bridge", "llm0", null, null, null, null),
            "10.231.80.11",
            null,
            null,
            null,
            null,
            null);
    assertEquals("10.231.80.11/16", HostRootGuests.addresses(g, HOST));
  }

  @Test
  void severalNicsInOrderEmptyWhereANicHasNone() {
    List<Guest.Network> nics =
        List.of(
            new Guest.Network(
                "bridge", "llm0", null, null, null, null, null, null, "10.231.80.11", "mgmt"),
            new Guest.Network("direct", null, null, null, null, null, "lld0", null, null, null),
            new Guest.Network(
                "direct", null, null, null, null, null, "eth1", "vepa", "10.9.0.2/28", null));
    Guest g =
        new Guest(
            "this", null, null, 1, "1G", null, null, null, null, null, null, null, null, null,
            nics);
    assertEquals("10.231.80.11", g.address(), "the first NIC's address");
    assertEquals("10.231.80.11/16,,10.9.0.2/28", HostRootGuests.addresses(g, HOST));
  }
}
