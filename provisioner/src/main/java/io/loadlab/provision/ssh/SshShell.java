package io.loadlab.provision.ssh;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Texts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.scp.client.ScpClient;
import org.apache.sshd.scp.client.ScpClientCreator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An SSH connection (Apache MINA SSHD client) to one machine: public-key authentication, the host
 * key checked against known_hosts (unknown or changed keys refused unless the policy records new
 * ones), timeouts on connect, authentication and every command. Commands are logged with secrets
 * masked; keys and passphrases never are.
 */
public final class SshShell implements RemoteShell {
  /** Environment variable holding the passphrase of an encrypted key file. */
  public static final String PASSPHRASE_ENV = "LOADLAB_SSH_KEY_PASSPHRASE";

  private static final Logger LOG = LoggerFactory.getLogger(SshShell.class);
  private static final Duration UPLOAD_TIMEOUT = Duration.ofMinutes(10);

  private final SshTarget target;
  private final SshClient client;
  private final ClientSession session;

  private SshShell(SshTarget target, SshClient client, ClientSession session) {
    this.target = target;
    this.client = client;
    this.session = session;
  }

  /** Connects and authenticates; throws a one-line {@link LoadlabException} on any failure. */
  public static SshShell connect(SshTarget target, HostKeyPolicy policy) {
    return connect(target, policy, System.getenv(PASSPHRASE_ENV));
  }

  /** Connects with the key file's passphrase given ({@code null} for none). */
  static SshShell connect(SshTarget target, HostKeyPolicy policy, String passphrase) {
    HostKeyCheck check = new HostKeyCheck(target, policy);
    SshClient client = SshClient.setUpDefaultClient();
    client.setServerKeyVerifier(check);
    FileKeyPairProvider keys = new FileKeyPairProvider(target.keyFile());
    if (passphrase != null) {
      keys.setPasswordFinder(FilePasswordProvider.of(passphrase));
    }
    String where =
        target.name() + " (" + target.user() + "@" + target.address() + ":" + target.port() + ")";
    checkKeyReadable(keys, where, passphrase != null);
    client.setKeyIdentityProvider(keys);
    client.start();
    ClientSession session = null;
    try {
      session =
          client
              .connect(target.user(), target.address(), target.port())
              .verify(target.connectTimeout())
              .getSession();
      session.auth().verify(target.connectTimeout());
      LOG.debug("connected to {}", where);
      return new SshShell(target, client, session);
    } catch (IOException | RuntimeException e) {
      closeQuietly(session);
      client.stop();
      if (check.refusal != null) {
        throw new UsageException(check.refusal);
      }
      String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      if (reason.contains("negotiate")) {
        throw new UnreachableTargetException(
            where + ": no common SSH algorithms with the server (" + reason + ")");
      }
      if (session != null) {
        throw new LoadlabException(
            where
                + ": authentication with key '"
                + Texts.cut(target.keyFile())
                + "' failed ("
                + Secrets.mask(reason)
                + "); add its public key to the user's authorized_keys",
            UnreachableTargetException.EXIT_CODE);
      }
      throw new UnreachableTargetException(
          where + ": cannot connect (" + reason + "); check the address and that sshd runs");
    }
  }

  /**
   * Reads the key before any connection, so a wrong or missing passphrase is named as such rather
   * than taken for a key the server does not know.
   */
  private static void checkKeyReadable(FileKeyPairProvider keys, String where, boolean hasPass) {
    Path file = keys.getPaths().iterator().next();
    String problem = null;
    if (!Files.isReadable(file)) {
      problem = "no such readable file; name a readable private key file";
    } else {
      int loaded = 0;
      try {
        for (java.security.KeyPair ignored : keys.loadKeys(null)) {
          loaded++;
        }
      } catch (RuntimeException e) {
        loaded = 0;
      }
      if (loaded == 0) {
        problem =
            hasPass
                ? "the passphrase in " + PASSPHRASE_ENV + " is wrong for it"
                : "it is encrypted (or not a private key); set its passphrase in " + PASSPHRASE_ENV;
      }
    }
    if (problem != null) {
      throw new UsageException(
          where + ": cannot read the SSH key '" + Texts.cut(file) + "': " + problem);
    }
  }

  @Override
  public CommandResult run(String command) {
    return exec(command, null, target.commandTimeout());
  }

  @Override
  public CommandResult runWithInput(String command, Path input) {
    try (InputStream in = Files.newInputStream(input)) {
      // Copying a file may take longer than a command: allow at least 10 minutes.
      Duration timeout =
          target.commandTimeout().compareTo(UPLOAD_TIMEOUT) > 0
              ? target.commandTimeout()
              : UPLOAD_TIMEOUT;
      return exec(command, in, timeout);
    } catch (IOException e) {
      throw new LoadlabException("cannot read " + input + " (" + e.getMessage() + ")", 2);
    }
  }

  private CommandResult exec(String command, InputStream input, Duration timeout) {
    LOG.debug("{}: {}", target.name(), Secrets.mask(command));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ChannelExec channel = session.createExecChannel(command)) {
      channel.setOut(out);
      channel.setErr(err);
      if (input != null) {
        channel.setIn(input);
      }
      channel.open().verify(target.connectTimeout());
      Set<ClientChannelEvent> events =
          channel.waitFor(
              EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), timeout);
      if (events.contains(ClientChannelEvent.TIMEOUT)) {
        throw new LoadlabException(
            target.name()
                + ": command timed out after "
                + timeout.toSeconds()
                + "s: "
                + Secrets.mask(command),
            1);
      }
      channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), target.connectTimeout());
      Integer status = channel.getExitStatus();
      return new CommandResult(
          command,
          status == null ? -1 : status,
          out.toString(StandardCharsets.UTF_8),
          err.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UnreachableTargetException(
          target.name() + ": command failed to run (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Starts a command and returns at once: its output (standard output and error together) goes to
   * {@code output} as it comes, so a long run (a campaign's load client) is followed while it goes.
   */
  public Started start(String command, OutputStream output) {
    LOG.debug("{}: start {}", target.name(), Secrets.mask(command));
    try {
      ChannelExec channel = session.createExecChannel(command);
      channel.setOut(output);
      channel.setErr(output);
      channel.open().verify(target.connectTimeout());
      return new Started(channel);
    } catch (IOException e) {
      throw new UnreachableTargetException(
          target.name() + ": command failed to start (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Copies a remote directory, recursively, into {@code localParent} over this connection (SCP): it
   * becomes {@code localParent/<its name>}.
   */
  public void download(String remoteDir, Path localParent) {
    try {
      Files.createDirectories(localParent);
      ScpClientCreator.instance()
          .createScpClient(session)
          .download(
              remoteDir,
              localParent,
              ScpClient.Option.Recursive,
              ScpClient.Option.TargetIsDirectory,
              ScpClient.Option.PreserveAttributes);
    } catch (IOException e) {
      throw new UnreachableTargetException(
          target.name() + ": cannot copy " + remoteDir + " back (" + e.getMessage() + ")", e);
    }
  }

  /** A command started with {@link #start}. */
  public static final class Started {
    private final ChannelExec channel;

    private Started(ChannelExec channel) {
      this.channel = channel;
    }

    /** Waits for its end; its exit status, or -1 if the connection closed without one. */
    public int waitFor() {
      channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), 0L);
      channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), Duration.ofSeconds(10));
      Integer status = channel.getExitStatus();
      return status == null ? -1 : status;
    }

    /** True while the command runs. */
    public boolean alive() {
      return channel.isOpen() && channel.getExitStatus() == null;
    }

    /**
     * Ends it from this side: closes its channel, so the remote command's output goes nowhere (a
     * loop that prints ends at its next line, by SIGPIPE).
     */
    public void close() {
      channel.close(true);
    }
  }

  @Override
  public CommandResult runPrivileged(String command) {
    return run(target.sudo() ? "sudo -n sh -c " + ShellQuote.quote(command) : command);
  }

  @Override
  public String name() {
    return target.name();
  }

  @Override
  public void close() {
    closeQuietly(session);
    client.stop();
  }

  private static void closeQuietly(ClientSession session) {
    if (session != null) {
      try {
        session.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  /** Checks the server's key against known_hosts and remembers why it refused one. */
  private static final class HostKeyCheck implements ServerKeyVerifier {
    private final SshTarget target;
    private final HostKeyPolicy policy;
    private volatile String refusal;

    HostKeyCheck(SshTarget target, HostKeyPolicy policy) {
      this.target = target;
      this.policy = policy;
    }

    @Override
    public boolean verifyServerKey(ClientSession session, SocketAddress remote, PublicKey key) {
      String host = target.address();
      int port = remote instanceof InetSocketAddress a ? a.getPort() : target.port();
      String fingerprint = KeyUtils.getFingerPrint(key);
      try {
        switch (KnownHosts.verify(target.knownHosts(), host, port, key)) {
          case MATCH:
            return true;
          case CHANGED:
            refusal =
                target.name()
                    + ": HOST KEY CHANGED for "
                    + host
                    + ":"
                    + port
                    + " (now "
                    + fingerprint
                    + "); if the host was reinstalled, check the fingerprint and remove its old"
                    + " line from "
                    + target.knownHosts();
            return false;
          default:
            if (policy == HostKeyPolicy.RECORD_NEW) {
              KnownHosts.record(target.knownHosts(), host, port, key);
              LOG.info(
                  "recorded host key of {}:{} ({}) in {}",
                  host,
                  port,
                  fingerprint,
                  target.knownHosts());
              return true;
            }
            refusal =
                target.name()
                    + ": host key of "
                    + host
                    + ":"
                    + port
                    + " ("
                    + fingerprint
                    + ") is not in "
                    + target.knownHosts()
                    + "; add it after checking the fingerprint, or run with --record-host-keys";
            return false;
        }
      } catch (IOException e) {
        refusal =
            target.name() + ": cannot read " + target.knownHosts() + " (" + e.getMessage() + ")";
        return false;
      }
    }
  }
}
