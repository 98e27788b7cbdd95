package io.loadlab.provision.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;

/**
 * An Apache MINA SSHD server on a free loopback port for tests: its own host key, public-key
 * authentication for one client key (written to a file in OpenSSH format), and exec requests
 * answered by a function (a real {@code sh -c} or a scripted fake host). Every command is recorded.
 */
public final class EmbeddedSshServer implements AutoCloseable {
  /** The answer to one command. */
  public record Reply(int exit, String out, String err) {
    public static Reply ok(String out) {
      return new Reply(0, out, "");
    }
  }

  public final KeyPair hostKey;
  public final KeyPair clientKey;
  public final Path clientKeyFile;
  public final List<String> commands = new CopyOnWriteArrayList<>();
  private final SshServer server;

  /** Answers a command that may read its standard input. */
  @FunctionalInterface
  public interface Handler {
    Reply answer(String command, InputStream stdin);
  }

  public EmbeddedSshServer(Path dir, Function<String, Reply> answer) throws Exception {
    this(dir, (command, stdin) -> answer.apply(command));
  }

  public EmbeddedSshServer(Path dir, Handler answer) throws Exception {
    hostKey = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
    clientKey = KeyUtils.generateKeyPair(KeyPairProvider.ECDSA_SHA2_NISTP256, 256);
    clientKeyFile = dir.resolve("id_client");
    try (OutputStream out = Files.newOutputStream(clientKeyFile)) {
      OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(
          clientKey,
          "test",
          (org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext) null,
          out);
    }
    server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
    server.setPublickeyAuthenticator(
        (user, key, session) -> KeyUtils.compareKeys(key, clientKey.getPublic()));
    server.setCommandFactory(
        (channel, command) -> {
          commands.add(command);
          return new Answering(command, answer);
        });
    server.start();
  }

  public int port() {
    return server.getPort();
  }

  /** Runs commands with a real {@code sh -c}. */
  public static Reply shell(String command) {
    return shell(command, null, null);
  }

  /**
   * Runs commands with a real {@code sh -c} in {@code workDir} (null: this process's), feeding
   * {@code stdin} (null: none) to it.
   */
  public static Reply shell(String command, InputStream stdin, Path workDir) {
    try {
      ProcessBuilder pb = new ProcessBuilder("sh", "-c", command);
      if (workDir != null) {
        pb.directory(workDir.toFile());
      }
      Process p = pb.start();
      Thread feeder =
          new Thread(
              () -> {
                try (OutputStream to = p.getOutputStream()) {
                  if (stdin != null) {
                    stdin.transferTo(to);
                  }
                } catch (IOException ignored) {
                  // the command stopped reading
                }
              },
              "embedded-ssh-stdin");
      feeder.setDaemon(true);
      feeder.start();
      byte[] out = p.getInputStream().readAllBytes();
      byte[] err = p.getErrorStream().readAllBytes();
      return new Reply(
          p.waitFor(),
          new String(out, StandardCharsets.UTF_8),
          new String(err, StandardCharsets.UTF_8));
    } catch (Exception e) {
      return new Reply(127, "", e.toString());
    }
  }

  @Override
  public void close() throws IOException {
    server.stop(true);
  }

  private static final class Answering implements Command {
    private final String command;
    private final Handler answer;
    private InputStream in;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;

    Answering(String command, Handler answer) {
      this.command = command;
      this.answer = answer;
    }

    @Override
    public void setInputStream(InputStream in) {
      this.in = in;
    }

    @Override
    public void setOutputStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
      this.err = err;
    }

    @Override
    public void setExitCallback(ExitCallback callback) {
      this.exit = callback;
    }

    @Override
    public void start(ChannelSession channel, Environment env) {
      Thread t =
          new Thread(
              () -> {
                Reply r = answer.answer(command, in);
                try {
                  out.write(r.out().getBytes(StandardCharsets.UTF_8));
                  out.flush();
                  err.write(r.err().getBytes(StandardCharsets.UTF_8));
                  err.flush();
                } catch (IOException ignored) {
                  // client went away
                }
                exit.onExit(r.exit());
              },
              "embedded-ssh-command");
      t.setDaemon(true);
      t.start();
    }

    @Override
    public void destroy(ChannelSession channel) {}
  }

  /** Collects output in tests. */
  static String text(ByteArrayOutputStream b) {
    return b.toString(StandardCharsets.UTF_8);
  }
}
