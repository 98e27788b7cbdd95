package io.loadlab.provision.guestboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.testbed.Guest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether a running host-root guest's host key is known: only the key its running boot printed on
 * its console, in known_hosts for its address, counts. An apply killed between the guest's start
 * and learning its key leaves the file without it (or with the key of an earlier boot); the resume
 * must then not reach the guest as it is.
 */
class HostRootGuestsTest {
  static final String BOOTED =
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBootedBootedBootedBootedBootedBoo";
  static final String EARLIER =
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEarlierEarlierEarlierEarlierEarli";

  @TempDir Path dir;

  private Guest guest(Integer port) {
    return new Guest(
        "this",
        null,
        null,
        1,
        "512M",
        null,
        null,
        new Guest.Network("bridge", "ll-t0", null, null, null, null),
        "10.78.9.11",
        port,
        "root",
        null,
        null,
        new Guest.Boot(
            "/boot/vmlinuz",
            dir.resolve("g.initrd.gz").toString(),
            "console=ttyS0",
            dir.resolve("g.console.log").toString(),
            true));
  }

  private void console(String text) throws Exception {
    Files.writeString(dir.resolve("g.console.log"), text);
  }

  @Test
  void onlyTheRunningBootsKeyInKnownHostsCounts() throws Exception {
    Guest g = guest(null);
    Path known = dir.resolve("lab.known_hosts");
    console("[    0.5] Linux version ...\r\nloadlab-host-key: " + BOOTED + " root@guest\r\n");
    assertFalse(new HostRootGuests("t", dir).knowsHostKey(g, known), "no known_hosts file");
    Files.writeString(known, "10.78.9.12 " + BOOTED + "\n");
    assertFalse(new HostRootGuests("t", dir).knowsHostKey(g, known), "another address only");
    HostRootGuests.replace(known, "10.78.9.11", 22, EARLIER);
    assertFalse(new HostRootGuests("t", dir).knowsHostKey(g, known), "an earlier boot's key");
    HostRootGuests.replace(known, "10.78.9.11", 22, BOOTED);
    assertTrue(new HostRootGuests("t", dir).knowsHostKey(g, known));
    assertEquals(
        List.of("10.78.9.12 " + BOOTED, "10.78.9.11 " + BOOTED),
        Files.readAllLines(known),
        "the older line of the address replaced, the other address kept");
  }

  @Test
  void aConsoleWithoutAKeyYetIsNotKnown() throws Exception {
    Guest g = guest(2222);
    Path known = dir.resolve("lab.known_hosts");
    HostRootGuests.replace(known, "10.78.9.11", 2222, BOOTED);
    assertEquals("[10.78.9.11]:2222 " + BOOTED + "\n", Files.readString(known));
    console("[    0.5] Linux version ...\r\n");
    assertFalse(
        new HostRootGuests("t", dir).knowsHostKey(g, known),
        "still booting (or its log lost): the key in the file may be an earlier boot's");
    Files.delete(dir.resolve("g.console.log"));
    assertFalse(new HostRootGuests("t", dir).knowsHostKey(g, known), "no console log");
    console("loadlab-host-key: " + BOOTED + "\r\n");
    assertTrue(new HostRootGuests("t", dir).knowsHostKey(g, known));
  }
}
