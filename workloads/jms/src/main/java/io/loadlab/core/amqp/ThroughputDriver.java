package io.loadlab.core.amqp;

import io.loadlab.core.failure.LoadlabException;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import io.loadlab.core.results.Warning;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Messaging throughput after qpid-perftest: per message size and iteration, publishers send their
 * count to each queue or topic, subscribers take them off, and the rates are computed as
 * qpid-perftest computes them (see {@code docs/amqp.md}). Every message is stamped, so the run also
 * reports end-to-end latency and, per receiving queue, lost, duplicated and out-of-order messages.
 *
 * <p>Operations: {@code publish size=N} (latency: send to broker confirmation) and {@code deliver
 * size=N} (latency: send to receipt). Figures per size: {@code publishRate}, {@code subscribeRate},
 * {@code transfersPerSec}, {@code mbPerSec} (means over iterations); run-wide {@code lost}, {@code
 * duplicates}, {@code outOfOrder}.
 */
public final class ThroughputDriver extends MessagingDriver {
  private static final String TX_SESSION = "open a transacted session";
  private static final String TX_FIX =
      "the broker runs no AMQP 1.0 transactions: drop --tx, --pub-tx and --sub-tx";

  private final ThroughputSettings settings;
  private int iterationsStarted;

  /** The nanoseconds the measured iterations of the current size moved messages in. */
  private long measuredNanos;

  private RunQueues runQueues;

  /** A transacted subscriber of a provider whose timed receive polls cannot use a listener. */
  static final Warning POLLED_TX =
      new Warning(
          "receive-polled",
          "receive polls every 100 ms with this provider in transacted mode (--sub-tx): the"
              + " deliver latency and the subscribers' rate are the client's polling's",
          null);

  public ThroughputDriver(ThroughputSettings settings) {
    this.settings = settings;
  }

  @Override
  public ThroughputDriver queues(boolean keep, Consumer<String> noticeLine) {
    super.queues(keep, noticeLine);
    return this;
  }

  @Override
  public ThroughputDriver namesToCreate(String baseName) {
    super.namesToCreate(baseName);
    return this;
  }

  /**
   * Asks the broker, before anything of the run starts, for what a profile cannot vouch for: a
   * transacted session if the run uses transactions ({@code --tx}). A broker without AMQP 1.0
   * transactions refuses it, or never answers (then the connection's request timeout ends the
   * wait); either is one line with the fix, exit 2.
   */
  public void checkBroker() {
    if (publisherAck() != Acknowledgement.TRANSACTED
        && subscriberAck() != Acknowledgement.TRANSACTED) {
      return;
    }
    try {
      AmqpClient.connect(settings.connection(), Acknowledgement.TRANSACTED).close(); // it runs them
    } catch (AmqpException e) {
      LoadlabException r =
          BrokerRefusal.of(settings.connection(), e, TX_SESSION, TX_FIX, List.of());
      if (r == null) {
        throw e;
      }
      throw new UsageException("--tx: " + r.getMessage(), e);
    }
  }

  /**
   * Runs every size and iteration; a warmup (if any) runs the first size for that long first. The
   * run fails (through {@code control}) if the broker connection fails, or if messages are lost
   * where delivery was reliable.
   *
   * @param onIteration told of each measured iteration as it ends (for --summary lines)
   */
  public List<IterationResult> run(
      RunTiming timing,
      RunRecording recording,
      RunControl control,
      Consumer<IterationResult> onIteration) {
    return withQueues(
        settings.connection(),
        nodes(),
        recording,
        queues -> {
          if (subscriberAck() == Acknowledgement.TRANSACTED
              && settings.connection().consumer().provider().receivePolls()) {
            recording.warn(POLLED_TX);
          }
          this.runQueues = queues;
          return runAll(timing, recording, control, onIteration);
        });
  }

  /** The queues or topics of the run (every iteration uses the same). */
  private List<AmqpDestination> nodes() {
    List<AmqpDestination> nodes = new ArrayList<>();
    for (Topology.Destination d : new Topology(settings, 0, 0).destinations()) {
      nodes.add(AmqpDestination.parse(d.address()));
    }
    return nodes;
  }

  private List<IterationResult> runAll(
      RunTiming timing,
      RunRecording recording,
      RunControl control,
      Consumer<IterationResult> onIteration) {
    List<IterationResult> results = new ArrayList<>();
    if (!timing.warmup().isZero()) {
      recording.beginPhase("warmup", true);
      iterate(settings.sizes().get(0), 0, timing.warmup().toNanos(), recording, control);
    }
    long limit = timing.duration().toNanos();
    for (int size : settings.sizes()) {
      if (control.isStopped()) {
        break;
      }
      recording.beginPhase("size=" + size, false);
      Map<String, String> params = parameters(size);
      recording.setParameters(publishOp(size), params);
      recording.setParameters(deliverOp(size), params);
      List<IterationResult> ofSize = new ArrayList<>();
      measuredNanos = 0;
      for (int i = 1; i <= settings.iterations() && !control.isStopped(); i++) {
        IterationResult r = iterate(size, i, limit, recording, control);
        if (r == null) {
          break;
        }
        ofSize.add(r);
        results.add(r);
        onIteration.accept(r);
      }
      // The operations' rates over the windows their messages moved in, as transfersPerSec's:
      // not over the whole phase, which also holds each iteration's connecting and closing.
      recording.setMeasuredWindow(publishOp(size), measuredNanos / 1e9);
      recording.setMeasuredWindow(deliverOp(size), measuredNanos / 1e9);
      ThroughputFigures.sizeMeans(recording, size, ofSize);
    }
    long lost = ThroughputFigures.totals(recording, results);
    if (lost > 0 && settings.reliable()) {
      control.fail(lost + " messages lost with reliable delivery (see problems)");
    }
    return results;
  }

  /** The name of the publish operation for a size. */
  public static String publishOp(int size) {
    return "publish size=" + size;
  }

  /** The name of the delivery operation for a size. */
  public static String deliverOp(int size) {
    return "deliver size=" + size;
  }

  private Map<String, String> parameters(int size) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("size", String.valueOf(size));
    p.put("mode", settings.mode().cliName());
    p.put("npubs", String.valueOf(settings.publishers()));
    p.put("nsubs", String.valueOf(settings.subscribers()));
    p.put("qt", String.valueOf(settings.destinations()));
    p.put("count", String.valueOf(settings.count()));
    p.put("durable", String.valueOf(settings.durable()));
    return p;
  }

  /** Runs one iteration; returns null if it could not be measured (run stopped or failed). */
  private IterationResult iterate(
      int size, int iteration, long limitNanos, RunRecording recording, RunControl control) {
    int idBase = iterationsStarted++ * settings.totalPublishers();
    Recorder recorder = recording.recorder();
    OperationRecorder publishOp = recorder.operation(publishOp(size));
    OperationRecorder deliverOp = recorder.operation(deliverOp(size));
    IterationControl it = new IterationControl(control, limitNanos);
    byte[] body = Payloads.of(size);
    Topology topology = new Topology(settings, idBase, iterationsStarted);
    try (Clients clients = new Clients(settings)) {
      List<PerftestSubscriber> subs = new ArrayList<>();
      List<PerftestPublisher> pubs = new ArrayList<>();
      Attach step = new Attach();
      try {
        attach(clients, topology, it, body, publishOp, deliverOp, subs, pubs, step);
      } catch (AmqpException e) {
        LoadlabException refusal =
            BrokerRefusal.of(
                settings.connection(), e, step.what, step.fix, queuesToCreate(), namesToCreate);
        throw refusal != null ? refusal : e;
      }
      Workers pubThreads = new Workers(recorder);
      Workers subThreads = new Workers(recorder);
      for (int i = 0; i < pubs.size(); i++) {
        pubThreads.start(pubs.get(i), "perftest-pub-" + i);
      }
      for (int i = 0; i < subs.size(); i++) {
        subThreads.start(subs.get(i), "perftest-sub-" + i);
      }
      long t0 = it.start();
      long grace = settings.receiveTimeout().toNanos();
      boolean published =
          limitNanos > 0
              ? pubThreads.join(t0 + limitNanos + grace, control)
              : pubThreads.join(control);
      long publishedAt = System.nanoTime();
      if (!published) {
        it.fail(
            new AmqpException(
                "a publisher was still blocked "
                    + settings.receiveTimeout().toMillis()
                    + " ms after the end; the broker stopped taking messages",
                "Stalled",
                null));
      }
      for (Topology.Destination d : topology.destinations()) {
        long due = 0;
        for (PerftestPublisher p : pubs) {
          if (d.owns(p.id())) {
            due += p.confirmed();
          }
        }
        d.expect(due);
      }
      it.publishersDone();
      subThreads.join(control);
      long t1 = subs.stream().mapToLong(PerftestSubscriber::lastNanos).max().orElse(t0);
      if (iteration > 0) {
        // Nothing delivered (all lost, or stopped early): the window its publishing took.
        measuredNanos += (t1 > t0 ? t1 : publishedAt) - t0;
      }
      List<DeliveryReport> reports = topology.reports();
      if (it.failure() != null) {
        clients.reportOutages(recording);
        failed(recording, control, it.failure(), pubs, topology);
        return null;
      }
      clients.reportOutages(recording);
      // Stopped mid-iteration (Ctrl-C, SIGTERM): what had not arrived was still in flight, not
      // lost; the figures and problems then agree (lost 0, in-flight N).
      ThroughputFigures.deliveryProblems(recording, reports, control.isStopped());
      if (control.isStopped()) {
        return null;
      }
      return ThroughputFigures.result(size, iteration, t0, t1, pubs, subs, reports);
    }
  }

  /** What the setup is asking the broker for, for a refusal's message. */
  private static final class Attach {
    String what = "open a session";
    String fix = "";
  }

  /** Opens every client and attaches every link before anything is sent. */
  private void attach(
      Clients clients,
      Topology topology,
      IterationControl it,
      byte[] body,
      OperationRecorder publishOp,
      OperationRecorder deliverOp,
      List<PerftestSubscriber> subs,
      List<PerftestPublisher> pubs,
      Attach step) {
    boolean durableSubscriptions =
        settings.durable()
            && settings.connection().profile().durableSubscriptions()
            && settings
                .connection()
                .consumer()
                .provider()
                .supports(
                    io.loadlab.core.jms.provider.ProviderFeature.SHARED_DURABLE_SUBSCRIPTIONS);
    for (Topology.Destination d : topology.destinations()) {
      for (int k = 0; k < settings.subscribers(); k++) {
        sessionStep(step, subscriberAck());
        AmqpClient c = clients.openConsumer(subscriberAck());
        step.what = "let a subscriber attach to " + d.address();
        String source = d.address();
        step.fix = "use another --mode, or --broker-profile for this broker's addresses";
        if (durableSubscriptions) {
          step.what = "make a durable subscription on " + d.address();
          step.fix = "drop --durable or use --mode shared";
          c.subscribeDurable(d.address(), d.address().replace("topic://", "") + "-sub-" + k);
        } else {
          source = runQueues.subscriberSource(AmqpDestination.parse(d.address()), k);
          c.subscribe(source);
        }
        subs.add(
            new PerftestSubscriber(
                c,
                source,
                d.accountFor(k),
                d.firstPublisher(),
                settings.publishers(),
                settings,
                deliverOp,
                it));
      }
      for (int p = 0; p < settings.publishers(); p++) {
        sessionStep(step, publisherAck());
        AmqpClient c = clients.open(publisherAck());
        step.what = "let a publisher attach to " + d.address();
        step.fix = "use another --mode, or --broker-profile for this broker's addresses";
        c.attachProducer(d.address());
        pubs.add(
            new PerftestPublisher(
                c, d.address(), d.firstPublisher() + p, settings, body, publishOp, it));
      }
    }
  }

  private static void sessionStep(Attach step, Acknowledgement ack) {
    if (ack == Acknowledgement.TRANSACTED) {
      step.what = TX_SESSION;
      step.fix = TX_FIX;
    } else {
      step.what = "open a session";
      step.fix = "";
    }
  }

  /** The queues a broker without them is asked for: the run's, or under {@link #namesToCreate}. */
  private List<String> queuesToCreate() {
    ThroughputSettings named =
        namesToCreate == null ? settings : settings.withBaseName(namesToCreate);
    List<String> names = new ArrayList<>();
    for (Topology.Destination d : new Topology(named, 0, 0).destinations()) {
      AmqpDestination parsed = AmqpDestination.parse(d.address());
      if (!parsed.topic()) {
        names.add(parsed.name());
      }
    }
    return names;
  }

  private Acknowledgement publisherAck() {
    return settings.publishTx() > 0 ? Acknowledgement.TRANSACTED : Acknowledgement.AUTO;
  }

  private Acknowledgement subscriberAck() {
    if (settings.subscribeTx() > 0) {
      return Acknowledgement.TRANSACTED;
    }
    return settings.subscribeAck() > 0 ? Acknowledgement.CLIENT : Acknowledgement.AUTO;
  }

  private void failed(
      RunRecording recording,
      RunControl control,
      AmqpException failure,
      List<PerftestPublisher> pubs,
      Topology topology) {
    long attempted = 0;
    for (Topology.Destination d : topology.destinations()) {
      long sentHere = 0;
      for (PerftestPublisher p : pubs) {
        if (d.owns(p.id())) {
          sentHere += p.attempted();
        }
      }
      attempted += sentHere * d.receivers();
    }
    long received = topology.reports().stream().mapToLong(DeliveryReport::received).sum();
    long inFlight = Math.max(0, attempted - received);
    recording.problem(
        "in-flight",
        inFlight,
        inFlight + " messages were sent but not received when the run failed");
    recording.figure("inFlight", inFlight);
    LoadlabException refusal =
        BrokerRefusal.of(
            settings.connection(),
            failure,
            "go on with the run",
            "use --broker-profile for this broker, or drop the option it refuses",
            queuesToCreate(),
            namesToCreate);
    this.refusal = refusal;
    control.fail(
        refusal != null
            ? refusal.getMessage()
            : "the broker connection failed: " + failure.getMessage());
  }
}
