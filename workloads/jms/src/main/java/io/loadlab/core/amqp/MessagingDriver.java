package io.loadlab.core.amqp;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.run.RunRecording;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What the messaging drivers ({@link ThroughputDriver}, {@link LatencyDriver}) share: the queues
 * their runs create (kept or deleted, and where to say what became of them), the names a broker
 * without them asks the user to create, and the broker's refusal that failed a run. Each driver
 * narrows the setters' type (binary compatibility: callers compiled against it find the driver's
 * own).
 */
abstract class MessagingDriver {
  private boolean keepQueues;
  private Consumer<String> notice = line -> {};

  /** The broker's refusal that failed the run after setup, once one did. */
  LoadlabException refusal;

  /** The stable base name of the queues to create, or null for the run's own. */
  String namesToCreate;

  /**
   * The broker's refusal that failed the run after setup ({@code amqp:not-implemented}, {@code
   * amqp:not-found}, {@code amqp:unauthorized-access}, {@code amqp:resource-limit-exceeded}), with
   * the fix, or {@code null}: a setting to change (exit code 2), unlike a broker that went away.
   */
  public LoadlabException refusal() {
    return refusal;
  }

  /**
   * Whether the queues (and topic addresses) the run creates stay on the broker ({@code
   * --keep-queues}; by default they are deleted at the end where the broker allows, see {@link
   * RunQueues}), and where to say what became of them.
   */
  public MessagingDriver queues(boolean keep, Consumer<String> noticeLine) {
    this.keepQueues = keep;
    this.notice = noticeLine;
    return this;
  }

  /**
   * The base name of the queues a broker that has none of them ({@code amqp:not-found}) asks the
   * user to create, and of the {@code --base-name} to run with: a front-end that made the run's own
   * names up passes the stable one its user would give (default: the run's own base name).
   */
  public MessagingDriver namesToCreate(String baseName) {
    this.namesToCreate = baseName;
    return this;
  }

  /**
   * Runs {@code body} with the run's queues or topics {@code nodes} ({@link RunQueues#before}),
   * then deletes them where the broker allows and says what became of them; after a failure it says
   * nothing (the failure is the one line to show).
   */
  final <T> T withQueues(
      AmqpConnectionSettings connection,
      List<AmqpDestination> nodes,
      RunRecording recording,
      Function<RunQueues, T> body) {
    RunQueues queues = RunQueues.before(connection, keepQueues, nodes);
    T result;
    try {
      result = body.apply(queues);
    } catch (RuntimeException e) {
      queues.after(recording, line -> {}); // the refusal is the one line to show
      throw e;
    }
    queues.after(recording, notice);
    return result;
  }
}
