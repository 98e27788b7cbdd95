package io.loadlab.cli.amqp;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.DescribedCommand;
import io.loadlab.cli.RunOptions;
import io.loadlab.cli.ServerLifetime;
import io.loadlab.core.broker.BrokerOptions;
import io.loadlab.core.broker.BrokerTls;
import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Secrets;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.util.Texts;
import io.loadlab.core.workload.Workloads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;

/**
 * {@code loadlab broker}: the embedded ActiveMQ Artemis broker on its own, for runs from other
 * processes or hosts. It runs until Ctrl-C (or for {@code --duration}) and stops cleanly.
 */
final class BrokerCommand extends DescribedCommand {
  BrokerCommand() {
    super("broker");
  }

  /** The environment variable the TLS key store's password is read from when no file is named. */
  private static String keystorePasswordEnv() {
    return Workloads.installed()
        .command("broker")
        .options()
        .require("tls-keystore-password-file")
        .env();
  }

  @Override
  public void check(CommandLine cmd) {
    intOption(cmd, "port", 5672, 0, 65535);
    threads(cmd);
    if (path(cmd, "data-dir") != null && !cmd.hasOption("persistent")) {
      throw new UsageException("--data-dir: only used with --persistent; add --persistent");
    }
    RunOptions.duration(cmd, "duration", Duration.ZERO);
    users(cmd);
  }

  /** The --threads given (1 to 1024), or 0 for Artemis's default. */
  private static int threads(CommandLine cmd) {
    return intOption(cmd, "threads", 0, 1, BrokerOptions.MAX_THREADS);
  }

  /** The users of --users-file (name to password), or null without it. */
  static Map<String, String> users(CommandLine cmd) {
    Path file = path(cmd, "users-file");
    if (file == null) {
      return null;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UsageException(
          "--users-file: cannot read '" + Texts.cut(file) + "'; name a readable file");
    }
    Map<String, String> users = new LinkedHashMap<>();
    int n = 0;
    for (String line : lines) {
      n++;
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      int colon = l.indexOf(':');
      if (colon <= 0 || colon == l.length() - 1) {
        throw new UsageException(
            "--users-file: line " + n + " of '" + Texts.cut(file) + "' is not user:password");
      }
      users.put(l.substring(0, colon), l.substring(colon + 1));
    }
    if (users.isEmpty()) {
      throw new UsageException(
          "--users-file: '" + Texts.cut(file) + "' names no user; add user:password lines");
    }
    return users;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    String host = cmd.getOptionValue("host", "0.0.0.0");
    int port = intOption(cmd, "port", 5672, 0, 65535);
    boolean persistent = cmd.hasOption("persistent");
    Path dataDir = path(cmd, "data-dir");
    if (dataDir != null && !persistent) {
      throw new UsageException("--data-dir: only used with --persistent; add --persistent");
    }
    Duration duration = RunOptions.duration(cmd, "duration", Duration.ZERO);
    int threads = threads(cmd);
    BrokerTls tls = tls(cmd);
    Map<String, String> users = users(cmd);
    BrokerOptions options = new BrokerOptions(host, port, persistent, dataDir, tls, users, threads);
    try (ServerLifetime lifetime = ServerLifetime.begin("loadlab-broker", Duration.ofSeconds(20));
        EmbeddedBroker broker = EmbeddedBroker.start(options)) {
      ctx.out()
          .println(
              "loadlab broker: ActiveMQ Artemis listening on "
                  + host
                  + ":"
                  + broker.port()
                  + (tls == null ? " (AMQP 1.0, CORE), " : " (AMQP 1.0 and CORE over TLS), ")
                  + (persistent ? "persistent" : "non-persistent")
                  + (users == null ? "" : ", login required (" + users.size() + " users)")
                  + ", "
                  + broker.ioThreads()
                  + " I/O threads"
                  + "; connect with --broker "
                  + broker.amqpUri()
                  + "; Ctrl-C stops it");
      ctx.out().flush();
      lifetime.await(duration);
    }
    return ServerLifetime.report(ctx.out(), "loadlab broker");
  }

  private static BrokerTls tls(CommandLine cmd) {
    Path keyStore = path(cmd, "tls-keystore");
    Path passwordFile = path(cmd, "tls-keystore-password-file");
    if (keyStore == null) {
      if (passwordFile != null) {
        throw new UsageException(
            "--tls-keystore-password-file: only used with --tls-keystore; add --tls-keystore FILE");
      }
      return null;
    }
    String password =
        Secrets.read("--tls-keystore-password-file", passwordFile, keystorePasswordEnv());
    if (password == null) {
      throw new UsageException(
          "--tls-keystore: the key store needs a password; name a file with"
              + " --tls-keystore-password-file or set "
              + keystorePasswordEnv());
    }
    BrokerTls tls = new BrokerTls(keyStore, password);
    try {
      java.security.KeyStore.getInstance(keyStore.toFile(), password.toCharArray());
    } catch (Exception e) {
      throw new UsageException(
          "--tls-keystore: cannot open '"
              + Texts.cut(keyStore)
              + "' ("
              + Secrets.mask(String.valueOf(e.getMessage()))
              + "); check that it is PKCS12 or JKS and its password");
    }
    return tls;
  }

  private static int intOption(CommandLine cmd, String name, int defaultValue, int min, int max) {
    String v = cmd.getOptionValue(name);
    return v == null ? defaultValue : Sizes.parseInt("--" + name, v, min, max);
  }

  private static Path path(CommandLine cmd, String option) {
    String v = cmd.getOptionValue(option);
    return v == null ? null : Path.of(v);
  }
}
