package io.loadlab.cli.amqp;

import io.loadlab.cli.CliContext;
import io.loadlab.cli.Command;
import io.loadlab.cli.OptionDefs;
import io.loadlab.cli.RunOptions;
import io.loadlab.core.broker.EmbeddedBroker;
import io.loadlab.core.failure.UsageException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code loadlab broker}: the embedded ActiveMQ Artemis broker on its own, for runs from other
 * processes or hosts. It runs until Ctrl-C (or for {@code --duration}) and stops cleanly.
 */
final class BrokerCommand implements Command {
  @Override
  public String[] path() {
    return new String[] {"broker"};
  }

  @Override
  public String summary() {
    return "run the embedded ActiveMQ Artemis broker (AMQP 1.0) until Ctrl-C";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(OptionDefs.value("host", "ADDR", "address to listen on (default 0.0.0.0)"));
    o.addOption(OptionDefs.value("port", "PORT", "port (default 5672; 0 picks a free one)"));
    o.addOption(OptionDefs.flag("persistent", "keep durable messages in a journal on disk"));
    o.addOption(
        OptionDefs.value(
            "data-dir", "DIR", "journal directory with --persistent (default: a temporary one)"));
    o.addOption(OptionDefs.value("duration", "TIME", "stop after this long (default: Ctrl-C)"));
    return o;
  }

  @Override
  public int run(CommandLine cmd, CliContext ctx) throws Exception {
    String host = cmd.getOptionValue("host", "0.0.0.0");
    int port = AmqpOptions.intOption(cmd, "port", 5672, 0, 65535);
    boolean persistent = cmd.hasOption("persistent");
    Path dataDir = AmqpOptions.path(cmd, "data-dir");
    if (dataDir != null && !persistent) {
      throw new UsageException("--data-dir: only used with --persistent; add --persistent");
    }
    Duration duration = RunOptions.duration(cmd, "duration", Duration.ZERO);
    CountDownLatch stopped = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              stopped.countDown();
              try {
                closed.await(20, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "loadlab-broker-stop");
    try (EmbeddedBroker broker = EmbeddedBroker.start(host, port, persistent, dataDir)) {
      Runtime.getRuntime().addShutdownHook(hook);
      ctx.out()
          .println(
              "loadlab broker: ActiveMQ Artemis listening on "
                  + host
                  + ":"
                  + broker.port()
                  + " (AMQP 1.0, CORE), "
                  + (persistent ? "persistent" : "non-persistent")
                  + "; connect with --broker "
                  + broker.amqpUri()
                  + "; Ctrl-C stops it");
      ctx.out().flush();
      if (duration.isZero()) {
        stopped.await();
      } else {
        stopped.await(duration.toMillis(), TimeUnit.MILLISECONDS);
      }
    } finally {
      closed.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // The JVM is shutting down: the hook is running.
      }
    }
    ctx.out().println("loadlab broker: stopped");
    return 0;
  }
}
