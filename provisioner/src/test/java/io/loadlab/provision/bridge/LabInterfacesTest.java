package io.loadlab.provision.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.action.AppliedState;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.ssh.CommandResult;
import io.loadlab.provision.ssh.RecordingShell;
import io.loadlab.provision.testbed.GuestNames;
import io.loadlab.provision.testbed.Host;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host's lab interfaces under unique names: bridges and dummy interfaces carry the checkout's id,
 * are made once and deleted at teardown; a bridge whose subnet another interface already has (a
 * second checkout's lab) stops the plan before anything changes.
 */
@Timeout(30)
class LabInterfacesTest {
  @TempDir Path dir;

  /** {@code ip -o -4 addr show} lists {@code addresses}; no interface exists. */
  static final class Shell extends RecordingShell {
    final String addresses;

    Shell(String addresses) {
      super("this");
      this.addresses = addresses;
    }

    @Override
    protected CommandResult answer(String command) {
      if (command.startsWith("ip -o -4 addr show")) {
        return new CommandResult(command, 0, addresses, "");
      }
      boolean ok = !command.startsWith("ip link show");
      return new CommandResult(command, ok ? 0 : 1, "", ok ? "" : "does not exist");
    }
  }

  private Testbed testbed(Path file) throws Exception {
    Files.writeString(
        file,
        """
        name: lab
        unique-names: true
        hosts:
          this:
            local: true
            bridges: {llm0: {address: 10.231.80.1/24}}
            dummies: [lld0]
        """);
    return TestbedFile.read(file);
  }

  @Test
  void makesTheBridgeAndTheDummyUnderTheCheckoutsNames() throws Exception {
    Path file = dir.resolve("testbed.yaml");
    Testbed t = testbed(file);
    GuestNames names = GuestNames.of(t, file);
    String id = names.hostInterface("");
    Shell shell = new Shell("1: lo    inet 127.0.0.1/8 scope host lo\n");
    Plan plan = new Plan();
    Host h = t.hosts().get("this");
    LabBridgePlanner.plan(plan, "this", h, names, shell, AppliedState.load(dir.resolve("s.json")));
    List<String> d = plan.changes().stream().map(Object::toString).toList();
    assertEquals(
        List.of(
            "this: create bridge llm0" + id + " with address 10.231.80.1/24",
            "this: create dummy interface lld0" + id + " (parent of direct guests' macvtaps)"),
        d);
    Undo bridge = plan.changes().get(0).step().run();
    Undo dummy = plan.changes().get(1).step().run();
    String peer = LabBridgePlanner.peer("lld0" + id);
    assertTrue(peer.matches("llp[0-9a-f]{6}"), peer);
    assertTrue(
        shell.ran.contains(
            "ip link add name lld0"
                + id
                + " type dummy 2>/dev/null || ip link add name lld0"
                + id
                + " type veth peer name "
                + peer),
        shell.ran.toString());
    assertTrue(
        shell.ran.stream().anyMatch(c -> c.startsWith("ip link set dev lld0" + id + " up")),
        shell.ran.toString());
    assertEquals("delete bridge llm0" + id, LabBridgePlanner.undo(bridge, shell).description());
    assertEquals(
        "delete dummy interface lld0" + id, LabBridgePlanner.undo(dummy, shell).description());
  }

  @Test
  void aSubnetAnotherInterfaceHasStopsThePlan() throws Exception {
    Path file = dir.resolve("testbed.yaml");
    Testbed t = testbed(file);
    Shell shell =
        new Shell(
            "1: lo    inet 127.0.0.1/8 scope host lo\n"
                + "7: llm0-beef    inet 10.231.80.1/24 brd 10.231.80.255 scope global llm0-beef\n");
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                LabBridgePlanner.plan(
                    new Plan(),
                    "this",
                    t.hosts().get("this"),
                    GuestNames.of(t, file),
                    shell,
                    AppliedState.load(dir.resolve("s.json"))));
    assertEquals(
        "hosts.this.bridges.llm0.address: its subnet 10.231.80.0/24 is already on interface"
            + " llm0-beef of this (another lab's bridge?); give this bridge another subnet",
        e.getMessage());
    assertTrue(shell.ran.stream().noneMatch(c -> c.startsWith("ip link add")), "nothing made");
  }

  @Test
  void subnetsOverlapByTheShorterPrefix() {
    List<String> lines = List.of("2: eth0    inet 10.1.0.5/16 brd 10.1.255.255 scope global eth0");
    assertEquals("eth0", Subnets.holder(lines, "10.1.7.1/24"));
    assertNull(Subnets.holder(lines, "10.2.7.1/24"));
    assertEquals("10.231.80.0/24", Subnets.network("10.231.80.1/24"));
  }
}
