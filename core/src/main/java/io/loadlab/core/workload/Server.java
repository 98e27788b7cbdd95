package io.loadlab.core.workload;

import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * What a command that serves (runs until stopped) tells a campaign about its start: the words its
 * log prints once it accepts connections, and how long it takes to get there.
 *
 * @param readyWords what it prints when ready, such as {@link #LISTENING}
 * @param startSeconds the estimate of its start-up, until ready, in seconds
 * @param kept how it starts on data an earlier start left, or null if it keeps none
 */
public record Server(String readyWords, double startSeconds, KeptData kept) {
  /** What loadlab's servers print once they accept connections. */
  public static final String LISTENING = " listening on ";

  /** A server that prints {@link #LISTENING} when ready and keeps no data. */
  public static Server listening(double startSeconds) {
    return new Server(LISTENING, startSeconds, null);
  }

  /** This server, which keeps its data in {@code kept}'s directory. */
  public Server keeping(KeptData kept) {
    return new Server(readyWords, startSeconds, kept);
  }

  /**
   * A server's data directory, kept between starts: a start on one that holds data already is
   * quicker, and the setup commands after it may find their data there ({@link SetupEstimate}).
   *
   * @param option the option naming the directory, such as {@code data-dir}
   * @param startSeconds the estimate of a start on kept data, in seconds
   * @param holdsData true if a directory holds the server's data already
   */
  public record KeptData(String option, double startSeconds, Predicate<Path> holdsData) {}
}
