package io.loadlab.jmh.amqp;

import io.loadlab.core.amqp.AmqpClient;
import io.loadlab.core.amqp.AmqpException;
import io.loadlab.core.amqp.MessageStamp;
import io.loadlab.core.amqp.Payloads;
import io.loadlab.core.amqp.SendCallback;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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
 * Asynchronous publish throughput ({@link AmqpClient#publishAsync}): messages of {@code size} bytes
 * sent without waiting, at most {@value #WINDOW} unconfirmed at a time, while a consumer on its own
 * connection drains the queue so the broker does not fill up. After each iteration the benchmark
 * waits until the broker has confirmed every message, so at most {@value #WINDOW} of the messages
 * an iteration counts were still unconfirmed when its clock stopped.
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar AmqpPublishBench -p size=1024</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AmqpPublishBench {
  /** Unconfirmed messages allowed in flight per publisher. */
  public static final int WINDOW = 1_000;

  private static final AtomicLong PUBLISHERS = new AtomicLong();

  /** One publisher per benchmark thread, and a consumer thread draining its queue. */
  @State(Scope.Thread)
  public static class Publisher implements SendCallback {
    /** Message body size in bytes. */
    @Param({"8", "64", "512", "4096", "32768"})
    public int size;

    /** Persistent (durable, confirmed after the broker stores it) or not. */
    @Param({"false"})
    public boolean persistent;

    final Semaphore window = new Semaphore(WINDOW);
    final AtomicReference<AmqpException> failure = new AtomicReference<>();
    final int id = (int) PUBLISHERS.incrementAndGet();
    AmqpClient client;
    String queue;
    byte[] body;
    long sequence;
    private Thread drain;
    private volatile boolean draining;

    /** Connects the publisher and starts the consumer. */
    @Setup(Level.Trial)
    public void connect(Broker broker) {
      queue = "loadlab.jmh.pub." + UUID.randomUUID();
      body = Payloads.of(size);
      AmqpClient consumer = AmqpClient.connect(broker.settings);
      consumer.subscribe(queue);
      draining = true;
      drain = new Thread(() -> drain(consumer), "loadlab-jmh-drain-" + id);
      drain.setDaemon(true);
      drain.start();
      client = AmqpClient.connect(broker.settings);
    }

    private void drain(AmqpClient consumer) {
      try (consumer) {
        while (draining) {
          consumer.receive(queue, Duration.ofMillis(100));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (AmqpException e) {
        failure.compareAndSet(null, e);
      }
    }

    /** Waits for the broker to confirm everything sent, so no iteration leaks into the next. */
    @TearDown(Level.Iteration)
    public void awaitConfirmations() throws InterruptedException {
      if (!window.tryAcquire(WINDOW, 60, TimeUnit.SECONDS)) {
        throw new IllegalStateException(
            "the broker did not confirm " + (WINDOW - window.availablePermits()) + " messages");
      }
      window.release(WINDOW);
      AmqpException e = failure.get();
      if (e != null) {
        throw e;
      }
    }

    /** Closes both clients. */
    @TearDown(Level.Trial)
    public void close() throws InterruptedException {
      client.close();
      draining = false;
      drain.join(10_000);
    }

    @Override
    public void completed(MessageStamp stamp) {
      window.release();
    }

    @Override
    public void failed(MessageStamp stamp, AmqpException e) {
      failure.compareAndSet(null, e);
      window.release();
    }
  }

  /** Publishes one message once the window has room. */
  @Benchmark
  public void publishAsync(Publisher p) throws InterruptedException {
    if (!p.window.tryAcquire(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException("no confirmation from the broker for 60 s");
    }
    p.client.publishAsync(
        p.queue, p.body, p.persistent, new MessageStamp(p.id, p.sequence++, System.nanoTime()), p);
  }
}
