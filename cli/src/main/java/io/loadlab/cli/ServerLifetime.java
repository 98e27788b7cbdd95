package io.loadlab.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a server command ({@code broker}, {@code database}) in the foreground until Ctrl-C, SIGTERM
 * or its {@code --duration}, and lets a JVM shutdown wait for the server to close.
 *
 * <p>Open it before the server, in the same try-with-resources statement, so that the server is
 * closed first: a shutdown hook waits (up to {@code grace}) until this is closed, so the JVM never
 * exits with the server half-stopped.
 */
public final class ServerLifetime implements AutoCloseable {
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final CountDownLatch closed = new CountDownLatch(1);
  private final Thread hook;
  private final StopSignals signals;

  private ServerLifetime(String name, Duration grace) {
    hook =
        new Thread(
            () -> {
              stopped.countDown();
              try {
                closed.await(grace.toMillis(), TimeUnit.MILLISECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            name + "-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    signals = StopSignals.install(signal -> stopped.countDown());
  }

  /** Starts watching for signals and shutdown; {@code name} names the hook's thread. */
  public static ServerLifetime begin(String name, Duration grace) {
    return new ServerLifetime(name, grace);
  }

  /** Waits for a signal or shutdown, or at most {@code duration} unless it is zero. */
  public void await(Duration duration) throws InterruptedException {
    if (duration.isZero()) {
      stopped.await();
    } else {
      stopped.await(duration.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void close() {
    signals.close();
    closed.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down: the hook is running.
    }
  }

  /**
   * Prints "{@code label}: stopped [by SIGNAL]" and returns the command's exit code: 0, or 128 +
   * the signal's number.
   */
  public static int report(PrintStream out, String label) {
    String signal = StopSignals.received();
    out.println(label + ": stopped" + (signal == null ? "" : " by " + signal));
    return signal == null ? 0 : StopSignals.exitCode();
  }
}
