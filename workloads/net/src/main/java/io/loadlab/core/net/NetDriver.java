package io.loadlab.core.net;

import io.loadlab.core.cpu.CpuReading;
import io.loadlab.core.cpu.CpuUsage;
import io.loadlab.core.failure.UnreachableTargetException;
import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.results.CpuCost;
import io.loadlab.core.run.RunControl;
import io.loadlab.core.run.RunRecording;
import io.loadlab.core.run.RunTiming;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the rr, crr and stream workloads against a {@link NetServer}: for every sweep point it
 * starts the users, warms up, measures, and stops them, then records the CPU each transaction cost
 * on the client process, on the client host and on the server (read from the server over a control
 * connection at the start and end of the measured part).
 *
 * <p>Both ends count: every user asks the server, before it closes its connection, how many
 * transactions the server served on it; a difference is reported as lost transactions and fails the
 * run.
 */
public final class NetDriver implements AutoCloseable {
  /**
   * The workload figures runs report, which criteria may name: netperf's at each point ({@code
   * netperfLatencyUs users=1} for rr and crr, {@code cpuUsPerMB users=1} for streams; see {@link
   * NetperfFigures}) and, for UDP, per operation ({@code rr users=1: lost}).
   */
  public static final List<String> FIGURES =
      List.of(
          NetperfFigures.LATENCY,
          NetperfFigures.CPU_PER_MB,
          "sent",
          "lost",
          "loss %",
          "late responses",
          "reordered",
          "sent datagrams/s",
          "sent MB/s",
          "received datagrams/s",
          "received MB/s");

  private static final Logger LOG = LoggerFactory.getLogger(NetDriver.class);
  private static final long STOP_GRACE_MS = 5_000;

  private final NetSettings settings;
  private final RouteMtu route;
  private NetConnection control;

  private NetDriver(NetSettings settings, NetConnection control, RouteMtu route) {
    this.settings = settings;
    this.control = control;
    this.route = route;
  }

  /**
   * Connects to the server named in the settings (a control connection used for its counters).
   *
   * @throws UnreachableTargetException if it cannot be reached
   */
  public static NetDriver connect(NetSettings settings) throws IOException {
    NetConnection c =
        NetConnection.open(
            settings.host(), settings.port(), settings.socket(), settings.connectTimeout());
    try {
      c.serverStats();
    } catch (IOException e) {
      c.close();
      throw new UnreachableTargetException(
          settings.host()
              + ":"
              + settings.port()
              + " accepted a connection but did not answer as a loadlab net server ("
              + e.getMessage()
              + "); is 'loadlab net serve' running there?",
          e);
    }
    if (settings.udp()) {
      checkUdp(settings, c);
    }
    return new NetDriver(settings, c, RouteMtu.to(settings.host(), settings.port()));
  }

  /** Checks that the server answers over UDP too, before the run starts. */
  private static void checkUdp(NetSettings settings, NetConnection control) throws IOException {
    try (UdpConnection u =
        UdpConnection.open(
            settings.host(), settings.port(), settings.socket(), settings.udpTimeout())) {
      u.flowStats();
    } catch (IOException e) {
      control.close();
      throw new UnreachableTargetException(
          settings.host()
              + ":"
              + settings.port()
              + " answers over TCP but not over UDP ("
              + e.getMessage()
              + "); is a firewall dropping UDP, or is the server an older loadlab?",
          e);
    }
  }

  /** The interface and MTU of the route to the server, or null if it could not be told. */
  public RouteMtu route() {
    return route;
  }

  /**
   * The settings as recorded with the results, with the route's interface and MTU and the client's
   * address on it, where its connections come from ({@code null} when they could not be told).
   */
  public Map<String, Object> describe() {
    Map<String, Object> m = settings.describe();
    m.put("interface", route == null ? null : route.interfaceName());
    m.put("mtu", route == null ? null : route.mtu());
    m.put("clientAddress", route == null ? null : route.sourceAddress());
    return m;
  }

  /** Runs every sweep point in turn until done or stopped. */
  public void run(RunTiming timing, RunRecording recording, RunControl runControl) {
    for (NetPoint point : settings.points()) {
      if (runControl.isStopped()) {
        break;
      }
      runPoint(point, timing, recording, runControl);
    }
  }

  private void runPoint(
      NetPoint point, RunTiming timing, RunRecording recording, RunControl runControl) {
    OperationRecorder op = recording.recorder().operation(point.operation());
    // Which path the connections' reads and writes took (SocketIo): ffm or nio.
    Map<String, String> parameters = new LinkedHashMap<>(point.parameters());
    parameters.put("io", SocketIo.mode());
    recording.setParameters(op.name(), parameters);
    NetperfFigures.record(point, settings.targetRate() > 0, op.name(), recording);
    // A paced point must hold its rate: behind it, it measures this client, not the server.
    recording.expectRate(
        op.name(),
        settings.targetRate(),
        settings.workload() == NetWorkload.STREAM ? "msg/s" : "tx/s");
    NetPointState state = new NetPointState(point.users());
    List<Runnable> closers = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    long period =
        settings.targetRate() > 0 ? (long) (1e9 * point.users() / settings.targetRate()) : 0;
    for (int i = 0; i < point.users(); i++) {
      long offset = period * i / point.users();
      Thread t;
      if (settings.udp()) {
        UdpUser user =
            new UdpUser(settings, point, state, op, recording.recorder(), i, offset, period);
        closers.add(user::forceClose);
        t = new Thread(user, "loadlab-net-udp-user-" + (i + 1));
      } else {
        NetUser user =
            new NetUser(settings, point, state, op, recording.recorder(), i, offset, period);
        closers.add(user::forceClose);
        t = new Thread(user, "loadlab-net-user-" + (i + 1));
      }
      t.setDaemon(true);
      threads.add(t);
    }
    // Users connect in a warmup interval of their own, so set-up is never measured.
    recording.beginPhase(point.phase(), true);
    threads.forEach(Thread::start);
    try {
      // Thousands of users start and connect one after another on a busy client: the wait grows
      // with them (10 ms each), so that the measurement does not begin with half of them absent.
      Duration most = settings.connectTimeout().plusSeconds(1).plusMillis(10L * point.users());
      long absent = state.awaitReady(most);
      if (absent > 0) {
        LOG.warn(
            "{} of {} users were not connected after {} s; measuring without them until they are",
            absent,
            point.users(),
            most.toSeconds());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      runControl.abort("interrupted");
    }
    boolean warmup = !timing.warmup().isZero();
    recording.beginPhase(point.phase(), warmup);
    state.go();
    if (warmup) {
      runControl.sleep(timing.warmup());
      recording.beginPhase(point.phase(), false);
    }
    // The window ends by the run's clock, set ahead: however late this thread wakes among
    // thousands of users, or they stop, nothing completed after its end is counted in it.
    long measureStart = System.nanoTime();
    recording.endWindowAfter(timing.duration());
    state.fairness().window(measureStart, measureStart + timing.duration().toNanos());
    CpuReading cpuStart = CpuReading.now();
    ServerStats serverStart = serverStats();
    long servedStart = state.servedCount();
    if (!runControl.sleep(timing.duration())) {
      // Stopped early: the window ends now, not when it was to.
      recording.endWindowNow();
      state.fairness().endBy(System.nanoTime());
    }
    CpuReading cpuEnd = CpuReading.now();
    ServerStats serverEnd = serverStats();
    long served = state.servedCount() - servedStart;
    double seconds = (System.nanoTime() - measureStart) / 1e9;
    stop(state, closers, threads);
    recording.userFairness(
        point.operation().substring(point.workload().id().length()),
        op.name(),
        state.fairness().summary());
    recording.setCpuCost(op.name(), cost(cpuEnd.since(cpuStart), serverStart, serverEnd, served));
    if (settings.udp()) {
      UdpFigures.record(
          point,
          state.udp(),
          served,
          seconds,
          serverStart,
          serverEnd,
          recording,
          runControl,
          settings.host() + ":" + settings.port());
    }
    if (state.lostCount() > 0) {
      String message = point.operation() + ": " + state.firstLoss();
      recording.problem("lost transactions", state.lostCount(), message);
      runControl.fail(state.lostCount() + " transactions lost (" + message + ")");
    }
  }

  /**
   * Stops the users: each finishes its transaction and closes; those still running after the grace
   * (thousands of users on a busy client may not all be run in time) have their connections closed
   * all at once, and are waited for together, not one after another.
   */
  private void stop(NetPointState state, List<Runnable> closers, List<Thread> threads) {
    state.stop();
    long deadline = System.currentTimeMillis() + STOP_GRACE_MS;
    try {
      joinAll(threads, deadline);
      List<Integer> stuck = new ArrayList<>();
      for (int i = 0; i < threads.size(); i++) {
        if (threads.get(i).isAlive()) {
          stuck.add(i);
        }
      }
      if (stuck.isEmpty()) {
        return;
      }
      LOG.warn(
          "{} of {} users did not stop in {} ms (first {}); closing their connections",
          stuck.size(),
          threads.size(),
          STOP_GRACE_MS,
          threads.get(stuck.get(0)).getName());
      for (int i : stuck) {
        closers.get(i).run();
      }
      joinAll(threads, System.currentTimeMillis() + STOP_GRACE_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for every thread until {@code deadline} (epoch ms) at most, in all. */
  private static void joinAll(List<Thread> threads, long deadline) throws InterruptedException {
    for (Thread t : threads) {
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        return;
      }
      t.join(left);
    }
  }

  /** CPU per transaction as the z/VM reports tabulate it: client process, client host, server. */
  private CpuCost cost(CpuUsage client, ServerStats start, ServerStats end, long transactions) {
    Double serverUs = null;
    long serverThreads = -1;
    if (start != null && end != null) {
      ServerStats d = end.since(start);
      serverThreads = d.serverThreadsCpuNanos();
      long serverCpu = settings.serverInProcess() ? serverThreads : d.processCpuNanos();
      serverUs = CpuUsage.perOp(serverCpu, d.transactions());
    }
    long clientCpu = client.processCpuNanos();
    if (settings.serverInProcess() && clientCpu >= 0) {
      clientCpu = serverThreads >= 0 ? Math.max(0, clientCpu - serverThreads) : -1;
    }
    return new CpuCost(
        CpuUsage.perOp(clientCpu, transactions), client.hostUsPerOp(transactions), serverUs);
  }

  /** The server's counters over the control connection, or null if it cannot be asked. */
  private ServerStats serverStats() {
    try {
      if (control == null) {
        control =
            NetConnection.open(
                settings.host(), settings.port(), settings.socket(), settings.connectTimeout());
      }
      return control.serverStats();
    } catch (IOException | RuntimeException e) {
      LOG.warn("could not read the server's counters: {}", e.toString());
      closeControl();
      return null;
    }
  }

  private void closeControl() {
    if (control != null) {
      try {
        control.close();
      } catch (IOException e) {
        // nothing left to do
      }
      control = null;
    }
  }

  @Override
  public void close() {
    closeControl();
  }
}
