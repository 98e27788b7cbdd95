package io.loadlab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT (Ctrl-C) and SIGTERM (kill, a CI job's timeout) during a run: the first stops the run,
 * which still writes its results with status {@code aborted} and a reason naming the signal; a
 * second one of the same kind ends the process at once. The exit code is 128 + the signal's number
 * (130 for SIGINT, 143 for SIGTERM), as shells report it. Servers ({@code broker}, {@code net
 * serve}) stop on the first and name it the same way.
 */
public final class StopSignals implements AutoCloseable {
  private static volatile String received;

  private final List<Signal> signals = new ArrayList<>();
  private final List<SignalHandler> previous = new ArrayList<>();

  private StopSignals(Consumer<String> stop) {
    for (String name : new String[] {"INT", "TERM"}) {
      try {
        Signal signal = new Signal(name);
        SignalHandler old =
            Signal.handle(
                signal,
                s -> {
                  if (received != null) {
                    Runtime.getRuntime().halt(128 + s.getNumber());
                  }
                  received = "SIG" + s.getName();
                  stop.accept(received);
                });
        signals.add(signal);
        previous.add(old);
      } catch (IllegalArgumentException | UnsupportedOperationException e) {
        // This platform does not let us handle it; the shutdown hook still stops the run.
      }
    }
  }

  /** Handles SIGINT and SIGTERM until closed by calling {@code stop} with the signal's name. */
  public static StopSignals install(Consumer<String> stop) {
    received = null;
    return new StopSignals(stop);
  }

  /** The signal that stopped the run, such as {@code SIGTERM}, or {@code null}. */
  public static String received() {
    return received;
  }

  /** The exit code of a run stopped by a signal: 128 + its number; 130 if none was seen. */
  public static int exitCode() {
    return "SIGTERM".equals(received) ? 143 : 130;
  }

  @Override
  public void close() {
    for (int i = 0; i < signals.size(); i++) {
      try {
        Signal.handle(signals.get(i), previous.get(i));
      } catch (IllegalArgumentException e) {
        // already gone
      }
    }
  }
}
