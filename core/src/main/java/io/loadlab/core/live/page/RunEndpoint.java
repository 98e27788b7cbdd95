package io.loadlab.core.live.page;

import io.loadlab.core.live.RunViewListener;
import io.loadlab.core.live.metrics.MetricsEndpoint;
import io.loadlab.core.live.metrics.RunMetrics;
import java.time.Duration;
import java.util.List;

/**
 * A run's endpoint as every front-end opens it (the command line's {@code --metrics-port}, the
 * JMeter listener's {@code loadlab.metrics.port}): its series at {@code /metrics} and its live page
 * at {@code /}, fed by the two listeners it returns, which the run's live sink must be given.
 *
 * @param listeners the series and the page's feed, to be given every interval
 * @param endpoint what serves them, to be closed after the run
 */
public record RunEndpoint(List<RunViewListener> listeners, MetricsEndpoint endpoint) {

  /**
   * Binds and starts the endpoint ({@link MetricsEndpoint#serve}: a refused port or address is that
   * option's usage error, and nothing is left open).
   *
   * @param title what the page calls the run (already masked)
   * @param planned how long the run is to take, warmup included, or null if unknown
   * @param portAdvice what to do about a port in use
   */
  public static RunEndpoint open(
      String address, int port, String title, Duration planned, String portAdvice) {
    RunMetrics metrics = new RunMetrics();
    RunFeed feed = new RunFeed(title, planned);
    MetricsEndpoint endpoint =
        MetricsEndpoint.serve(
            address,
            port,
            metrics,
            new LivePage("loadlab live: " + title, feed, feed::since),
            portAdvice);
    return new RunEndpoint(List.of(metrics, feed), endpoint);
  }
}
