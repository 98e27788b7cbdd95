package io.loadlab.jmh.net;

import io.loadlab.core.net.NetConnection;
import io.loadlab.core.net.NetSocketOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Network request/response transactions ({@link NetConnection}), as {@code loadlab net rr} and
 * {@code net crr} run them: {@code rr} sends {@code size} bytes on a kept connection and waits for
 * {@code size} bytes back (netperf TCP_RR); {@code crr} also connects first and waits for the
 * server to close (TCP_CRR). By default the responder runs on loopback in this JVM, so client and
 * server share the machine's cores.
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar NetBench -p size=1</pre>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class NetBench {
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** One kept connection per benchmark thread. */
  @State(Scope.Thread)
  public static class Client {
    /** Request and response size in bytes. */
    @Param({"1", "64", "1024", "32768"})
    public int size;

    Responder responder;
    NetConnection connection;

    /** Connects before the first measurement. */
    @Setup(Level.Trial)
    public void connect(Responder r) throws IOException {
      responder = r;
      connection = NetConnection.open(r.host, r.port, NetSocketOptions.DEFAULTS, CONNECT_TIMEOUT);
    }

    /** Closes the connection. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      connection.close();
    }
  }

  /** One request/response on the kept connection. */
  @Benchmark
  public void rr(Client c) throws IOException {
    c.connection.transact(c.size, c.size);
  }

  /** Connect, one request/response, and the server's close. */
  @Benchmark
  public void crr(Client c) throws IOException {
    Responder r = c.responder;
    try (NetConnection n =
        NetConnection.open(r.host, r.port, NetSocketOptions.DEFAULTS, CONNECT_TIMEOUT)) {
      n.transactAndClose(c.size, c.size);
    }
  }
}
