package io.loadlab.provision.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.loadlab.provision.action.Plan;
import io.loadlab.provision.ssh.RecordingShell;
import io.loadlab.provision.ssh.RemoteShell;
import io.loadlab.provision.testbed.Role;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RolePlannerTest {
  /** A machine where every command succeeds (the service runs and answers). */
  private static final RemoteShell ALL_OK = new RecordingShell("db");

  @Test
  void thePostgresqlServiceSaysItsPlacementIsNotApplied() {
    Plan plan = new Plan();
    new RolePlanner(Duration.ofSeconds(1), Duration.ofMillis(10), Launchers.ON_PATH)
        .plan(plan, new Role("database", "db", null, null, 0, null, null, null, null), ALL_OK);
    assertEquals(
        List.of(
            "db: database is the system's PostgreSQL service: its NUMA node 0 is not applied; set"
                + " Nice=, CPUAffinity= and NUMAPolicy= in its systemd unit, or start it with"
                + " command"),
        plan.warnings());
    assertEquals(
        List.of("db: database on port 5432 (NUMA node 0) running and answering"), plan.unchanged());
  }
}
