package io.loadlab.provision.action;

import io.loadlab.core.util.Secrets;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Every action with its outcome, printed as it happens and appended to a log file (one line per
 * action: time, command, machine, outcome, action, detail). Secrets are masked.
 */
public final class ActionLog {
  /** How an action ended. */
  public enum Outcome {
    OK,
    FAILED,
    SKIPPED
  }

  /** One logged action. */
  public record Entry(
      Instant at, String command, String machine, String action, Outcome outcome, String detail) {
    public String line() {
      return at
          + " "
          + command
          + " "
          + outcome.name().toLowerCase(java.util.Locale.ROOT)
          + " "
          + machine
          + ": "
          + action
          + (detail == null || detail.isBlank() ? "" : " (" + detail + ")");
    }
  }

  private final String command;
  private final Path file;
  private final PrintStream out;
  private final List<Entry> entries = new ArrayList<>();

  /**
   * @param command {@code apply} or {@code teardown}
   * @param file the log file appended to, or null for none
   * @param out where each entry is printed as it happens, or null
   */
  public ActionLog(String command, Path file, PrintStream out) {
    this.command = command;
    this.file = file;
    this.out = out;
  }

  public synchronized Entry record(Action a, Outcome outcome, String detail) {
    Entry e =
        new Entry(
            Instant.now().truncatedTo(ChronoUnit.MILLIS),
            command,
            a.machine(),
            Secrets.mask(a.description()),
            outcome,
            Secrets.mask(detail));
    entries.add(e);
    if (out != null) {
      out.println(
          "  "
              + (outcome == Outcome.OK
                  ? "ok     "
                  : outcome == Outcome.FAILED ? "FAILED " : "skipped")
              + " "
              + a.machine()
              + ": "
              + e.action()
              + (e.detail() == null || e.detail().isBlank() ? "" : " (" + e.detail() + ")"));
    }
    if (file != null) {
      try {
        if (file.toAbsolutePath().getParent() != null) {
          Files.createDirectories(file.toAbsolutePath().getParent());
        }
        Files.writeString(
            file,
            e.line() + System.lineSeparator(),
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
      } catch (IOException ex) {
        throw new UncheckedIOException(ex);
      }
    }
    return e;
  }

  public synchronized List<Entry> entries() {
    return List.copyOf(entries);
  }

  public synchronized boolean failed() {
    return entries.stream().anyMatch(e -> e.outcome() == Outcome.FAILED);
  }
}
