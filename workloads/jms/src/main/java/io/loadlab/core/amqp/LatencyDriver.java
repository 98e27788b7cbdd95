package io.loadlab.core.amqp;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Messaging latency after qpid-latency-test: per message size, one or more concurrent tests each
 * send stamped messages through their own queue to a receiver in this process and record the round
 * trip on the monotonic clock. With a rate, latency counts from each message's intended send time
 * (coordinated omission corrected) and the sender's lateness is recorded beside it.
 *
 * <p>Operations: {@code latency size=N} and, with a rate, {@code transit size=N} (from the actual
 * send) and {@code send-delay size=N} (with {@code test=i} appended when there are several tests).
 * Figures per size: {@code sent}, {@code received}.
 */
public final class LatencyDriver extends MessagingDriver {
  /**
   * The workload figures its runs report, which criteria may name: messages sent, received and
   * (when paced) skipped, each per size ({@code sent size=64}), and the queues deleted at the end.
   */
  public static final List<String> FIGURES =
      List.of("sent", "received", "skipped", "queuesDeleted");

  private final LatencySettings settings;
  private int pointsStarted;

  public LatencyDriver(LatencySettings settings) {
    this.settings = settings;
  }

  @Override
  public LatencyDriver queues(boolean keep, Consumer<String> noticeLine) {
    super.queues(keep, noticeLine);
    return this;
  }

  @Override
  public LatencyDriver namesToCreate(String baseName) {
    super.namesToCreate(baseName);
    return this;
  }

  /**
   * Runs every size for the run's duration (or for {@code count} messages per test); a warmup, if
   * any, runs the first size for that long first. The run fails (through {@code control}) if the
   * broker connection fails or messages do not come back.
   */
  public void run(RunTiming timing, RunRecording recording, RunControl control) {
    List<AmqpDestination> nodes = new ArrayList<>();
    for (int i = 0; i < settings.tests(); i++) {
      nodes.add(AmqpDestination.queue(queue(i)));
    }
    withQueues(
        settings.connection(),
        nodes,
        recording,
        queues -> {
          runAll(timing, recording, control);
          return null;
        });
  }

  private String queue(int test) {
    return settings.baseName() + "-" + (test + 1);
  }

  private void runAll(RunTiming timing, RunRecording recording, RunControl control) {
    if (!timing.warmup().isZero()) {
      recording.beginPhase("warmup", true);
      point(settings.sizes().get(0), timing.warmup().toNanos(), 0, recording, control);
    }
    for (int size : settings.sizes()) {
      if (control.isStopped()) {
        break;
      }
      recording.beginPhase("size=" + size, false);
      long limit = settings.count() > 0 ? Long.MAX_VALUE / 4 : timing.duration().toNanos();
      point(size, limit, settings.count(), recording, control);
    }
  }

  /** The latency operation's name for a size and test (from 0). */
  public String latencyOp(int size, int test) {
    return "latency size=" + size + testSuffix(test);
  }

  /** The send-delay operation's name for a size and test (from 0). */
  public String sendDelayOp(int size, int test) {
    return "send-delay size=" + size + testSuffix(test);
  }

  /**
   * The transit operation's name for a size and test: latency from the actual send, as
   * qpid-latency-test and artemis perf measure it (paced runs only).
   */
  public String transitOp(int size, int test) {
    return "transit size=" + size + testSuffix(test);
  }

  private String testSuffix(int test) {
    return settings.tests() > 1 ? " test=" + (test + 1) : "";
  }

  private void point(
      int size, long limitNanos, long count, RunRecording recording, RunControl control) {
    int idBase = pointsStarted++ * settings.tests();
    Recorder recorder = recording.recorder();
    IterationControl it = new IterationControl(control, 0);
    byte[] body = Payloads.of(size);
    Acknowledgement ack = settings.ackEvery() > 0 ? Acknowledgement.CLIENT : Acknowledgement.AUTO;
    try (Clients clients = new Clients(settings.connection(), settings.singleConnection())) {
      List<LatencyPair> tests = new ArrayList<>();
      for (int i = 0; i < settings.tests(); i++) {
        String queue = queue(i);
        AmqpClient receiver = clients.openConsumer(ack);
        AmqpClient sender = clients.open(Acknowledgement.AUTO);
        try {
          receiver.subscribe(queue);
          sender.attachProducer(queue);
        } catch (AmqpException e) {
          LoadlabException refusal =
              BrokerRefusal.of(
                  settings.connection(),
                  e,
                  "let a client attach to " + queue,
                  "use --broker-profile for this broker's addresses",
                  queuesToCreate(),
                  namesToCreate);
          throw refusal != null ? refusal : e;
        }
        String op = latencyOp(size, i);
        boolean paced = settings.rate() > 0;
        OperationRecorder delay = paced ? recorder.operation(sendDelayOp(size, i)) : null;
        OperationRecorder transit = paced ? recorder.operation(transitOp(size, i)) : null;
        recording.setParameters(op, parameters(size, i));
        recording.expectRate(op, settings.rateOf(i), "msg/s");
        tests.add(
            new LatencyPair(
                sender,
                receiver,
                queue,
                idBase + i,
                settings.rateOf(i),
                count,
                limitNanos,
                body,
                settings.durable(),
                settings.ackEvery(),
                recorder.operation(op),
                delay,
                transit,
                settings.drainTimeout().toNanos(),
                it));
      }
      Workers senders = new Workers(recorder);
      Workers receivers = new Workers(recorder);
      for (LatencyPair t : tests) {
        receivers.start(t::receive, "latency-recv-" + t.queue());
        senders.start(t::send, "latency-send-" + t.queue());
      }
      long start = it.start();
      long drain = settings.drainTimeout().toNanos();
      boolean sent =
          count > 0 ? senders.join(control) : senders.join(start + limitNanos + drain, control);
      if (!sent) {
        it.fail(
            new AmqpException(
                "a sender was still blocked "
                    + settings.drainTimeout().toMillis()
                    + " ms after the end; the broker stopped taking messages",
                "Stalled",
                null));
      }
      long drainEnd = System.nanoTime() + drain;
      tests.forEach(t -> t.drainUntil(drainEnd));
      receivers.join(drainEnd + 1_000_000_000L, control);
      clients.reportOutages(recording);
      account(size, tests, it, recording, control);
    }
  }

  /** The queues a broker without them is asked for: the run's, or under {@link #namesToCreate}. */
  private List<String> queuesToCreate() {
    String base = namesToCreate == null ? settings.baseName() : namesToCreate;
    List<String> names = new ArrayList<>();
    for (int i = 0; i < settings.tests(); i++) {
      names.add(base + "-" + (i + 1));
    }
    return names;
  }

  private Map<String, String> parameters(int size, int test) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("size", String.valueOf(size));
    p.put("rate", settings.rate() == 0 ? "one at a time" : fmt(settings.rateOf(test)));
    p.put("test", String.valueOf(test + 1));
    return p;
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }

  private void account(
      int size,
      List<LatencyPair> tests,
      IterationControl it,
      RunRecording recording,
      RunControl control) {
    long sent = tests.stream().mapToLong(LatencyPair::sent).sum();
    long received = tests.stream().mapToLong(LatencyPair::received).sum();
    recording.figure("sent size=" + size, sent);
    recording.figure("received size=" + size, received);
    if (settings.rate() > 0) {
      for (int i = 0; i < tests.size(); i++) {
        recording.setAchievedRate(latencyOp(size, i), tests.get(i).achievedRate());
      }
    }
    // Each operation's rate over the window its messages moved in (first send to last receipt),
    // not over the whole phase, which also holds connecting, attaching and closing.
    for (int i = 0; i < tests.size(); i++) {
      double seconds = tests.get(i).windowNanos() / 1e9;
      recording.setMeasuredWindow(latencyOp(size, i), seconds);
      if (settings.rate() > 0) {
        recording.setMeasuredWindow(transitOp(size, i), seconds);
        recording.setMeasuredWindow(sendDelayOp(size, i), seconds);
      }
    }
    long skipped = tests.stream().mapToLong(LatencyPair::skipped).sum();
    if (skipped > 0) {
      recording.figure("skipped size=" + size, skipped);
      recording.problem(
          "sends skipped",
          skipped,
          "size="
              + size
              + ": "
              + skipped
              + " scheduled sends skipped: the sender fell more than 1 s behind its schedule or "
              + LatencyPair.maxInFlight(settings.rate())
              + " messages were on their way");
    }
    long missing = Math.max(0, sent - received);
    if (it.failure() != null) {
      recording.problem(
          "in-flight",
          missing,
          missing + " messages were sent but not received when the run failed");
      LoadlabException refusal =
          BrokerRefusal.of(
              settings.connection(),
              it.failure(),
              "go on with the run",
              "use --broker-profile for this broker",
              queuesToCreate(),
              namesToCreate);
      this.refusal = refusal;
      control.fail(
          refusal != null
              ? refusal.getMessage()
              : "the broker connection failed: " + it.failure().getMessage());
    } else if (missing > 0 && !control.isAborted()) {
      recording.problem(
          "lost", missing, "size=" + size + ": " + missing + " of " + sent + " never came back");
      control.fail(missing + " messages did not come back");
    } else if (missing > 0) {
      // Stopped (Ctrl-C, SIGTERM): what had not come back was on its way, not lost.
      recording.figure("inFlight size=" + size, missing);
      recording.problem(
          "in-flight",
          missing,
          "size="
              + size
              + ": "
              + missing
              + " of "
              + sent
              + " messages were sent but not received when the run was stopped");
    }
  }
}
