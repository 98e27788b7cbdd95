package io.loadlab.core.live;

import io.loadlab.core.results.RunInfo;
import io.loadlab.core.results.RunResult;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.core.run.ResultSink;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run's sink for live outputs: builds a {@link RunView} from each interval's snapshots and
 * hands it to every listener. It writes no file ({@link #target()} is null), so a live output that
 * fails never fails the run; each listener's first failure is logged once.
 */
public final class LiveSink implements ResultSink {
  private static final Logger LOG = LoggerFactory.getLogger(LiveSink.class);

  private final RunViewBuilder builder;
  private final List<RunViewListener> listeners;
  private final List<AutoCloseable> servers;
  private final boolean[] warned;

  /**
   * @param listeners the live outputs, each given every view
   * @param servers what serves them (endpoints), closed after the listeners when the run closes
   */
  public LiveSink(
      RunViewBuilder builder, List<RunViewListener> listeners, List<AutoCloseable> servers) {
    this.builder = builder;
    this.listeners = List.copyOf(listeners);
    this.servers = List.copyOf(servers);
    this.warned = new boolean[this.listeners.size()];
  }

  @Override
  public void begin(RunInfo info, long startEpochMs) {
    each("start", l -> l.started(info, startEpochMs));
  }

  @Override
  public void interval(IntervalReport report) {
    RunView view = builder.add(report);
    each("take an interval", l -> l.interval(view));
  }

  @Override
  public void end(RunResult result) {
    each("end", l -> l.ended(result));
  }

  @Override
  public void close() {
    each("close", RunViewListener::close);
    for (AutoCloseable server : servers) {
      try {
        server.close();
      } catch (Exception e) {
        LOG.debug("could not close {}", server, e);
      }
    }
  }

  private void each(String what, java.util.function.Consumer<RunViewListener> call) {
    for (int i = 0; i < listeners.size(); i++) {
      try {
        call.accept(listeners.get(i));
      } catch (RuntimeException e) {
        if (!warned[i]) {
          warned[i] = true;
          LOG.warn(
              "live output {} could not {}: {}",
              listeners.get(i).getClass().getSimpleName(),
              what,
              e.getMessage());
        }
      }
    }
  }
}
