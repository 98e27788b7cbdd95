package io.loadlab.jmh.amqp;

import io.loadlab.core.amqp.AmqpClient;
import java.util.UUID;
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
 * AMQP send and receive round trip ({@link AmqpClient#roundTrip}): one non-persistent message of
 * {@code size} bytes published to a queue of the thread's own and received back on the same
 * connection, the same operation as {@code loadlab amqp latency} and the JMeter AMQP round-trip
 * sampler. SampleTime, so the result has percentiles; {@code loadlab report --jmh} imports them.
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar AmqpRoundTripBench -p size=64 -rf json</pre>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AmqpRoundTripBench {

  /** One client (connection and session) per benchmark thread, with a queue of its own. */
  @State(Scope.Thread)
  public static class Client {
    /** Message body size in bytes. */
    @Param({"8", "64", "512", "4096", "32768"})
    public int size;

    AmqpClient client;
    String queue;

    /** Connects and subscribes before the first measurement. */
    @Setup(Level.Trial)
    public void connect(Broker broker) {
      client = AmqpClient.connect(broker.settings);
      queue = "loadlab.jmh.rt." + UUID.randomUUID();
      client.subscribe(queue);
    }

    /** Closes the client. */
    @TearDown(Level.Trial)
    public void close() {
      client.close();
    }
  }

  /** Publishes one message and receives it back; returns the client's own latency figure. */
  @Benchmark
  public long roundTrip(Client c) throws InterruptedException {
    return c.client.roundTrip(c.queue, c.size);
  }
}
