package io.loadlab.core.live.metrics;

import com.sun.net.httpserver.HttpHandler;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The HTTP endpoint Prometheus scrapes ({@code /metrics}), served by the Prometheus Java client's
 * server on two daemon threads of its own, so a slow or stuck scraper never holds up the run. Other
 * paths go to an optional handler (the live page). A run's and a campaign's endpoints both start
 * through {@link #serve}, so {@code --metrics-port} and {@code --metrics-address} are refused
 * alike.
 */
public final class MetricsEndpoint implements AutoCloseable {
  /** The address the endpoint binds to unless told otherwise: loopback only. */
  public static final String DEFAULT_ADDRESS = "127.0.0.1";

  private final HTTPServer server;
  private final ExecutorService threads;
  private final String host;

  private MetricsEndpoint(HTTPServer server, ExecutorService threads, String host) {
    this.server = server;
    this.threads = threads;
    this.host = host;
  }

  /**
   * Binds and starts the endpoint of {@code --metrics-port} and {@code --metrics-address}: the
   * series of {@code metrics} at {@code /metrics}, the live page's paths to {@code page}. A port or
   * address that cannot be bound is that option's usage error (exit code 2), and nothing is left
   * open.
   *
   * @param page what serves the other paths (the live page), or {@code null}
   * @param portAdvice what to do about a port in use, such as {@code choose a free port, or 0 for
   *     any}
   */
  public static MetricsEndpoint serve(
      String address, int port, MultiCollector metrics, HttpHandler page, String portAdvice) {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(metrics);
    try {
      return start(address, port, registry, page);
    } catch (BindException e) {
      throw new UsageException(
          "--metrics-port: cannot listen on "
              + Texts.cut(address)
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "); "
              + portAdvice);
    } catch (IOException | RuntimeException e) {
      throw new UsageException(
          "--metrics-address: cannot listen on '"
              + Texts.cut(address)
              + "' ("
              + e.getMessage()
              + "); give an address of this machine, e.g. 127.0.0.1 or 0.0.0.0");
    }
  }

  /**
   * Binds and starts the endpoint.
   *
   * @param address the address to bind to, such as {@code 127.0.0.1} or {@code 0.0.0.0}
   * @param port the port, 0 for any free one
   * @param registry what it serves
   * @param otherPaths what serves paths other than {@code /metrics}, or {@code null}
   * @throws IOException if the address cannot be bound (a {@link java.net.BindException} when the
   *     port is in use)
   */
  public static MetricsEndpoint start(
      String address, int port, PrometheusRegistry registry, HttpHandler otherPaths)
      throws IOException {
    ExecutorService threads =
        Executors.newFixedThreadPool(
            2,
            r -> {
              Thread t = new Thread(r, "loadlab-live-http");
              t.setDaemon(true);
              return t;
            });
    try {
      HTTPServer.Builder b =
          HTTPServer.builder()
              .inetAddress(InetAddress.getByName(address))
              .port(port)
              .registry(registry)
              .executorService(threads);
      if (otherPaths != null) {
        b.defaultHandler(otherPaths);
      }
      return new MetricsEndpoint(b.buildAndStart(), threads, address);
    } catch (IOException | RuntimeException e) {
      threads.shutdownNow();
      throw e;
    }
  }

  /** The port it listens on. */
  public int port() {
    return server.getPort();
  }

  /** {@code host:port}, as a Prometheus target names it. */
  public String target() {
    String h = host.contains(":") ? "[" + host + "]" : host;
    return h + ":" + port();
  }

  /** The URL of the metrics. */
  public String url() {
    return "http://" + target() + "/metrics";
  }

  /** The URL of the live page. */
  public String pageUrl() {
    return "http://" + target() + "/";
  }

  @Override
  public void close() {
    server.close();
    threads.shutdownNow();
  }
}
