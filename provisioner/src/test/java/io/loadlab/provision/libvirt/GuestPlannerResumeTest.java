package io.loadlab.provision.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.provision.action.Action;
import io.loadlab.provision.action.Plan;
import io.loadlab.provision.action.Undo;
import io.loadlab.provision.testbed.Guest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The resume of an apply killed after it started a host-root guest but before it learned the
 * guest's SSH host key (libvirt's test driver): the guest is found running, its domain reused (not
 * defined a second time), and, since its start did not finish, it is powered off and started again
 * with the start's hooks (a fresh console, the key learned from it), recorded for teardown. Once
 * the start finished, a later apply leaves the running guest alone.
 */
@Timeout(60)
class GuestPlannerResumeTest {
  @BeforeEach
  void needsLibvirt() {
    TestDriver.assumeLibvirt();
  }

  @Test
  void aGuestLeftWithoutItsHostKeyIsStartedAgainNotReachedAsItIs() throws Exception {
    try (LibvirtHost host = LibvirtHost.open("kvm1", TestDriver.uri())) {
      Guest g =
          new Guest(
              "kvm1",
              null,
              null,
              1,
              "512M",
              null,
              null,
              new Guest.Network("bridge", "br0", null, null, null, null),
              "10.78.9.11",
              null,
              "root",
              null,
              null,
              new Guest.Boot(
                  "/boot/vmlinuz",
                  "/tmp/ll-gx-r.initrd.gz",
                  "console=ttyS0",
                  "/tmp/ll-gx-r.log",
                  true));
      List<String> calls = new ArrayList<>();
      boolean[] keyLearned = {false};
      GuestPlanner planner =
          new GuestPlanner(
              "t",
              Duration.ofSeconds(1),
              new GuestPlanner.StartHooks() {
                @Override
                public void before(String name, Guest guest) {
                  calls.add("before, " + host.state(name).label());
                }

                @Override
                public void after(String name, Guest guest) {
                  calls.add("after, " + host.state(name).label());
                  keyLearned[0] = true;
                }

                @Override
                public boolean finished(String name, Guest guest) {
                  return keyLearned[0];
                }
              });
      try {
        // The killed apply: the domain defined and started, then killed before after() learned
        // the key (its "started" record never written).
        Plan first = plan(planner, host, g);
        first.changes().get(0).step().run();
        host.start("ll-gx-r");
        assertEquals(GuestState.RUNNING, host.state("ll-gx-r"));

        Plan resume = plan(planner, host, g);
        List<String> changes = resume.changes().stream().map(Action::description).toList();
        assertEquals(1, changes.size(), "no second domain: " + changes);
        assertTrue(
            changes
                    .get(0)
                    .startsWith("power off (left running by an apply stopped before its start")
                && changes.get(0).contains("learn its SSH host key from its console"),
            changes.get(0));
        assertTrue(
            resume.unchanged().stream().anyMatch(u -> u.contains("domain defined")),
            resume.unchanged().toString());
        Undo started = resume.changes().get(0).step().run();
        assertEquals(
            List.of("before, " + GuestState.SHUT_OFF.label(), "after, running"),
            calls,
            "powered off before the start's hooks ran again");
        assertEquals("started", started.kind(), "recorded for teardown: " + started);
        assertEquals(GuestState.RUNNING, host.state("ll-gx-r"));

        Plan again = plan(planner, host, g);
        assertTrue(again.isEmpty(), "the start finished: " + again.changes());
        assertTrue(again.unchanged().contains("ll-gx-r: running"), again.unchanged().toString());
      } finally {
        if (host.state("ll-gx-r") == GuestState.RUNNING) {
          host.stop("ll-gx-r", Duration.ZERO);
        }
        if (host.state("ll-gx-r") != GuestState.ABSENT) {
          host.undefine("ll-gx-r");
        }
      }
    }
  }

  private static Plan plan(GuestPlanner planner, LibvirtHost host, Guest g) {
    Plan p = new Plan();
    planner.plan(p, host, host.facts(), "ll-gx-r", g, null, 2048);
    return p;
  }
}
