package io.loadlab.provision.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The SSH client against an embedded MINA SSHD server that runs commands with a real shell. */
@Timeout(60)
class SshShellTest {
  @TempDir Path dir;
  EmbeddedSshServer server;
  Path knownHosts;

  @BeforeEach
  void start() throws Exception {
    server =
        new EmbeddedSshServer(
            dir,
            command ->
                command.startsWith("sleep-forever") ? sleep() : EmbeddedSshServer.shell(command));
    knownHosts = dir.resolve("known_hosts");
  }

  private static EmbeddedSshServer.Reply sleep() {
    try {
      Thread.sleep(10_000);
    } catch (InterruptedException ignored) {
      Thread.currentThread().interrupt();
    }
    return EmbeddedSshServer.Reply.ok("");
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private SshTarget target(boolean sudo, Path key) {
    return new SshTarget(
        "h1",
        "127.0.0.1",
        server.port(),
        "lab",
        key,
        knownHosts,
        sudo,
        Duration.ofSeconds(5),
        Duration.ofSeconds(2));
  }

  private void trustServer() throws Exception {
    KnownHosts.record(knownHosts, "127.0.0.1", server.port(), server.hostKey.getPublic());
  }

  @Test
  void runsCommandsAndCapturesExitStatusAndOutput() throws Exception {
    trustServer();
    try (SshShell sh =
        SshShell.connect(target(false, server.clientKeyFile), HostKeyPolicy.STRICT)) {
      CommandResult r = sh.run("echo out; echo err >&2; exit 3");
      assertEquals(3, r.exitStatus());
      assertEquals("out\n", r.stdout());
      assertEquals("err\n", r.stderr());
      assertEquals("err", r.firstErrorLine());
      String nasty = "it's \"quoted\" $HOME `id`; rm -rf /nonexistent";
      CommandResult echoed = sh.run("printf %s " + ShellQuote.quote(nasty));
      assertEquals(nasty, echoed.stdout());
      assertTrue(echoed.ok());
    }
  }

  @Test
  void unknownHostKeyIsRefusedWithAClearMessage() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> SshShell.connect(target(false, server.clientKeyFile), HostKeyPolicy.STRICT));
    assertTrue(e.getMessage().contains("host key of 127.0.0.1:" + server.port()), e.getMessage());
    assertTrue(e.getMessage().contains("is not in " + knownHosts), e.getMessage());
    assertTrue(e.getMessage().contains("--record-host-keys"), e.getMessage());
    assertFalse(Files.exists(knownHosts), "nothing recorded without the option");
    assertTrue(server.commands.isEmpty());
  }

  @Test
  void recordingNewKeysThenStrictWorks() throws Exception {
    try (SshShell sh =
        SshShell.connect(target(false, server.clientKeyFile), HostKeyPolicy.RECORD_NEW)) {
      assertTrue(sh.run("true").ok());
    }
    assertTrue(
        Files.readString(knownHosts)
            .startsWith("[127.0.0.1]:" + server.port() + " ecdsa-sha2-nistp256 "));
    try (SshShell sh =
        SshShell.connect(target(false, server.clientKeyFile), HostKeyPolicy.STRICT)) {
      assertTrue(sh.run("true").ok());
    }
  }

  @Test
  void changedHostKeyIsRefusedEvenWhenRecording() throws Exception {
    KeyPair other = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
    KnownHosts.record(knownHosts, "127.0.0.1", server.port(), other.getPublic());
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> SshShell.connect(target(false, server.clientKeyFile), HostKeyPolicy.RECORD_NEW));
    assertTrue(e.getMessage().contains("HOST KEY CHANGED"), e.getMessage());
    assertTrue(
        e.getMessage().contains(KeyUtils.getFingerPrint(server.hostKey.getPublic())),
        e.getMessage());
    assertEquals(1, Files.readAllLines(knownHosts).size(), "the old key is kept");
  }

  @Test
  void wrongClientKeyFailsAuthenticationWithoutShowingTheKey() throws Exception {
    trustServer();
    KeyPair wrong = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
    Path wrongFile = dir.resolve("id_wrong");
    try (var out = Files.newOutputStream(wrongFile)) {
      OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(
          wrong, "x", (OpenSSHKeyEncryptionContext) null, out);
    }
    LoadlabException e =
        assertThrows(
            LoadlabException.class,
            () -> SshShell.connect(target(false, wrongFile), HostKeyPolicy.STRICT));
    assertEquals(3, e.exitCode());
    assertTrue(
        e.getMessage().contains("authentication with key '" + wrongFile + "' failed"),
        e.getMessage());
    assertFalse(e.getMessage().contains("PRIVATE KEY"));
  }

  @Test
  void wrongOrMissingKeyPassphraseIsNamedAsSuchExit2() throws Exception {
    trustServer();
    Path encrypted = dir.resolve("id_encrypted");
    OpenSSHKeyEncryptionContext context = new OpenSSHKeyEncryptionContext();
    context.setPassword("right horse");
    context.setCipherName("AES");
    context.setCipherMode("CTR");
    context.setCipherType("256");
    try (var out = Files.newOutputStream(encrypted)) {
      OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(server.clientKey, "x", context, out);
    }
    UsageException wrong =
        assertThrows(
            UsageException.class,
            () -> SshShell.connect(target(false, encrypted), HostKeyPolicy.STRICT, "wrong"));
    assertEquals(2, wrong.exitCode());
    assertTrue(wrong.getMessage().contains("passphrase"), wrong.getMessage());
    assertTrue(wrong.getMessage().contains("is wrong"), wrong.getMessage());
    assertFalse(wrong.getMessage().contains("wrong for it\n"));
    UsageException missing =
        assertThrows(
            UsageException.class,
            () -> SshShell.connect(target(false, encrypted), HostKeyPolicy.STRICT, null));
    assertTrue(missing.getMessage().contains(SshShell.PASSPHRASE_ENV), missing.getMessage());
    assertTrue(server.commands.isEmpty());
    try (SshShell sh =
        SshShell.connect(target(false, encrypted), HostKeyPolicy.STRICT, "right horse")) {
      assertEquals(0, sh.run("true").exitStatus());
    }
  }

  /**
   * Keys as users make them, with ssh-keygen: OpenSSH's own format (bcrypt KDF) and the older PEM
   * format. A wrong or missing passphrase is named (exit 2); with the right one the key is read and
   * only the server's refusal of this unknown key remains (exit 3).
   */
  @Test
  void sshKeygenKeysWithAWrongOrMissingPassphraseAreNamedAsSuch() throws Exception {
    trustServer();
    Path keygen = Path.of("/usr/bin/ssh-keygen");
    assertTrue(Files.isExecutable(keygen), "needs ssh-keygen (Debian: openssh-client)");
    String[][] kinds = {{"ed25519"}, {"rsa", "-b", "2048", "-m", "PEM"}, {"ecdsa", "-m", "PEM"}};
    for (String[] kind : kinds) {
      Path key = dir.resolve("id_" + String.join("_", kind).replace("-", ""));
      java.util.List<String> cmd =
          new java.util.ArrayList<>(java.util.List.of(keygen.toString(), "-q", "-t"));
      cmd.addAll(java.util.List.of(kind));
      cmd.addAll(java.util.List.of("-N", "right horse", "-C", "test", "-f", key.toString()));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      assertEquals(0, p.waitFor(), out);
      for (String passphrase : new String[] {"wrong", null}) {
        UsageException e =
            assertThrows(
                UsageException.class,
                () -> SshShell.connect(target(false, key), HostKeyPolicy.STRICT, passphrase),
                kind[0] + " with passphrase " + passphrase);
        assertEquals(2, e.exitCode());
        assertTrue(
            e.getMessage().contains(passphrase == null ? SshShell.PASSPHRASE_ENV : "is wrong"),
            e.getMessage());
        assertFalse(e.getMessage().contains("authorized_keys"), e.getMessage());
      }
      LoadlabException refused =
          assertThrows(
              LoadlabException.class,
              () -> SshShell.connect(target(false, key), HostKeyPolicy.STRICT, "right horse"));
      assertEquals(3, refused.exitCode(), kind[0] + ": " + refused.getMessage());
      assertTrue(refused.getMessage().contains("authorized_keys"), refused.getMessage());
    }
    assertTrue(server.commands.isEmpty());
  }

  @Test
  void unreachableHostIsExit3() throws Exception {
    int port = server.port();
    server.close();
    SshTarget t =
        new SshTarget(
            "h1",
            "127.0.0.1",
            port,
            "lab",
            server.clientKeyFile,
            knownHosts,
            false,
            Duration.ofSeconds(2),
            Duration.ofSeconds(2));
    LoadlabException e =
        assertThrows(LoadlabException.class, () -> SshShell.connect(t, HostKeyPolicy.STRICT));
    assertEquals(3, e.exitCode());
    assertTrue(e.getMessage().contains("cannot connect"), e.getMessage());
  }

  @Test
  void commandTimeoutIsReported() throws Exception {
    trustServer();
    try (SshShell sh =
        SshShell.connect(target(false, server.clientKeyFile), HostKeyPolicy.STRICT)) {
      LoadlabException e = assertThrows(LoadlabException.class, () -> sh.run("sleep-forever"));
      assertTrue(e.getMessage().contains("timed out after 2s"), e.getMessage());
    }
  }

  @Test
  void privilegedCommandsGoThroughSudoWhenConfigured() throws Exception {
    trustServer();
    try (SshShell sh = SshShell.connect(target(true, server.clientKeyFile), HostKeyPolicy.STRICT)) {
      sh.runPrivileged("echo 1 > /proc/sys/x");
    }
    assertEquals("sudo -n sh -c 'echo 1 > /proc/sys/x'", server.commands.get(0));
  }
}
