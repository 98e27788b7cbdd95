package io.loadlab.jmh.net;

import io.loadlab.core.net.NetSocketOptions;
import io.loadlab.core.net.UdpConnection;
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
 * UDP round trips ({@link UdpConnection}), as {@code loadlab net rr --protocol udp} runs them
 * (netperf UDP_RR): a request datagram of {@code datagram} bytes and a response of the same size on
 * a socket kept per benchmark thread. A lost datagram (no answer within 1 s) fails the benchmark
 * rather than hide in the figures. The responder is the one of {@link Responder} (this JVM on
 * loopback, or {@code -Dloadlab.net=host:port}).
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar UdpBench -p datagram=14</pre>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class UdpBench {
  private static final Duration TIMEOUT = Duration.ofSeconds(1);

  /** One socket per benchmark thread. */
  @State(Scope.Thread)
  public static class Client {
    /**
     * Request and response datagram size in bytes, 12 to 65,507 (sockperf's default is 14). Not
     * named {@code size} as in the other benchmarks: a datagram cannot be smaller than loadlab's
     * 12-byte header, so a {@code -p size=8} meant for them must not reach this one.
     */
    @Param({"14", "1024", "8192", "65507"})
    public int datagram;

    UdpConnection connection;

    /** Opens the socket before the first measurement. */
    @Setup(Level.Trial)
    public void open(Responder r) throws IOException {
      connection = UdpConnection.open(r.host, r.port, NetSocketOptions.DEFAULTS, TIMEOUT);
    }

    /** Closes the socket. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      connection.close();
    }
  }

  /** One request datagram and its response. */
  @Benchmark
  public void rr(Client c) throws IOException {
    if (!c.connection.transact(c.datagram, c.datagram)) {
      throw new IOException("a UDP round trip was lost: " + c.connection.lastLoss());
    }
  }
}
