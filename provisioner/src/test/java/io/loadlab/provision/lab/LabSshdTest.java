package io.loadlab.provision.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A lab whose hosts ask for sshd is refused, naming the host's field, where sshd is missing. */
@Timeout(10)
class LabSshdTest {
  @TempDir Path dir;

  private Lab lab(String hosts) throws Exception {
    Path f = dir.resolve("lab.yaml");
    Files.writeString(
        f,
        "name: lab1\nhosts: "
            + hosts
            + "\nlinks:\n  - {kind: bridge, hosts: [a, b], subnet: 10.213.1.0/24}\n");
    return LabFile.read(f);
  }

  @Test
  void aMissingSshdIsRefusedNamingTheFieldAndTheFix() throws Exception {
    Path none = dir.resolve("no-sshd");
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> LabSshd.requireTools(lab("{a: {}, b: {sshd: true}}"), none));
    assertEquals(2, e.exitCode());
    assertEquals(
        "hosts.b.sshd: true, but "
            + none
            + " is missing; install openssh-server (Debian) or set sshd: false",
        e.getMessage());
  }

  @Test
  void aLabWithoutSshdNeedsNone() throws Exception {
    LabSshd.requireTools(lab("{a: {}, b: {sshd: false}}"), dir.resolve("no-sshd"));
  }

  @Test
  void anExecutableSshdIsEnough() throws Exception {
    Path sshd = Files.createFile(dir.resolve("sshd"));
    sshd.toFile().setExecutable(true);
    // ssh-keygen comes with the machine's OpenSSH client, as CI installs it.
    LabSshd.requireTools(lab("{a: {sshd: true}, b: {}}"), sshd);
  }
}
