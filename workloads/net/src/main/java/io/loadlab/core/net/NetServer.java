package io.loadlab.core.net;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.io.EOFException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The responder, like netperf's netserver: accepts any number of connections, each served by its
 * own thread (threads are pooled, so connect/request/response runs do not start a thread per
 * transaction), and answers every frame of {@link NetProtocol}. A malformed frame or a peer that
 * disconnects mid-transaction is logged and ends that connection only.
 *
 * <p>The server counts what it serves and the CPU it spends, and sends both to a client that asks
 * ({@link NetConnection#serverStats()}), so that the client can report server CPU per transaction.
 * Each TCP connection is served by a {@link TcpConnectionHandler}, UDP by a {@link UdpResponder}.
 */
public final class NetServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(NetServer.class);
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final ServerSocketChannel listener;
  private final NetSocketOptions options;
  private final ExecutorService workers;
  private final Thread acceptor;
  private final Set<SocketChannel> open = ConcurrentHashMap.newKeySet();
  private final Set<Long> serverThreads = ConcurrentHashMap.newKeySet();
  private final LongAdder retiredThreadsCpu = new LongAdder();
  // Counted by each connection's TcpConnectionHandler straight into these fields (hot path).
  final LongAdder transactions = new LongAdder();
  final LongAdder bytesReceived = new LongAdder();
  final LongAdder bytesSent = new LongAdder();
  private final LongAdder faults = new LongAdder();
  private final AtomicInteger connectionCount = new AtomicInteger();
  private UdpResponder udp;
  private volatile boolean closed;

  private NetServer(ServerSocketChannel listener, NetSocketOptions options) {
    this.listener = listener;
    this.options = options;
    AtomicInteger n = new AtomicInteger();
    this.workers =
        Executors.newCachedThreadPool(r -> newThread(r, "loadlab-net-conn-" + n.incrementAndGet()));
    this.acceptor = newThread(this::acceptLoop, "loadlab-net-accept");
  }

  /**
   * Starts a server listening on {@code host} (null or empty: every address, IPv4 and IPv6) and
   * {@code port} (0: a free port, see {@link #port()}), for TCP and for UDP on the same port
   * number.
   *
   * @throws UsageException if the port is in use or the address is not local
   */
  public static NetServer start(String host, int port, NetSocketOptions options)
      throws IOException {
    return start(host, port, options, 0);
  }

  /**
   * As {@link #start(String, int, NetSocketOptions)}; {@code dropEveryNth} is a test hook that
   * makes the UDP side ignore every Nth request or stream datagram, as a lossy network would.
   */
  static NetServer start(String host, int port, NetSocketOptions options, int dropEveryNth)
      throws IOException {
    InetSocketAddress address =
        host == null || host.isBlank()
            ? new InetSocketAddress(port)
            : new InetSocketAddress(host, port);
    if (address.isUnresolved()) {
      throw new UsageException(
          "--host: '" + Texts.cut(host) + "' is not a known host name; check the name");
    }
    // With port 0 the TCP port is free but its UDP twin may not be: try a few.
    for (int attempt = 1; ; attempt++) {
      NetServer server = new NetServer(listen(address, port, options), options);
      InetSocketAddress bound = new InetSocketAddress(address.getAddress(), server.port());
      try {
        server.udp =
            UdpResponder.start(
                bound, options, server.udpCounters(), dropEveryNth, server::newThread);
      } catch (IOException e) {
        server.listener.close();
        if (port == 0 && attempt < 20) {
          continue;
        }
        throw new UsageException(
            "--port "
                + port
                + ": cannot listen for UDP on "
                + NetConnection.describe(bound)
                + " ("
                + e.getMessage()
                + "); choose another --port or stop the program using it");
      }
      server.acceptor.start();
      LOG.debug("loadlab net server listening on {} (TCP and UDP)", server.address());
      return server;
    }
  }

  private static ServerSocketChannel listen(
      InetSocketAddress address, int port, NetSocketOptions options) throws IOException {
    java.net.ProtocolFamily family = SocketFamily.of(address);
    ServerSocketChannel listener =
        family == null ? ServerSocketChannel.open() : ServerSocketChannel.open(family);
    try {
      listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
      if (options.receiveBuffer() > 0) {
        listener.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBuffer());
      }
      listener.bind(address, 4096);
      return listener;
    } catch (BindException e) {
      listener.close();
      throw new UsageException(
          "--port "
              + port
              + ": cannot listen on "
              + NetConnection.describe(address)
              + " ("
              + e.getMessage()
              + "); choose another --port or stop the program using it");
    } catch (IOException | RuntimeException e) {
      listener.close();
      throw e;
    }
  }

  private UdpResponder.Counters udpCounters() {
    return new UdpResponder.Counters() {
      @Override
      public void served(long received, long sent) {
        transactions.increment();
        bytesReceived.add(received);
        if (sent > 0) {
          bytesSent.add(sent);
        }
      }

      @Override
      public void fault() {
        faults.increment();
      }

      @Override
      public ServerStats stats(long flowDatagrams) {
        return NetServer.this.stats(flowDatagrams);
      }
    };
  }

  /** The address the server listens on. */
  public InetSocketAddress address() {
    try {
      return (InetSocketAddress) listener.getLocalAddress();
    } catch (IOException e) {
      throw new IllegalStateException("the server is closed", e);
    }
  }

  /** The port the server listens on. */
  public int port() {
    return address().getPort();
  }

  /** The counters now: what was served since the start and the CPU spent. */
  public ServerStats stats() {
    return stats(0);
  }

  /**
   * The counters now, with {@code connectionTransactions} as the transactions of the connection (or
   * UDP flow) that asks.
   */
  ServerStats stats(long connectionTransactions) {
    long threadsCpu = retiredThreadsCpu.sum();
    for (long id : serverThreads) {
      long t = THREADS.getThreadCpuTime(id);
      if (t > 0) {
        threadsCpu += t;
      }
    }
    long processCpu = -1;
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      processCpu = os.getProcessCpuTime();
    }
    return new ServerStats(
        transactions.sum(),
        bytesReceived.sum(),
        bytesSent.sum(),
        processCpu,
        threadsCpu,
        faults.sum(),
        connectionTransactions);
  }

  /** Connections open now. */
  public int openConnections() {
    return open.size();
  }

  /** Stops listening and closes every connection. */
  @Override
  public void close() {
    closed = true;
    if (udp != null) {
      udp.close();
    }
    try {
      listener.close();
    } catch (IOException e) {
      LOG.debug("closing the listener: {}", e.toString());
    }
    // Shut each connection down first: that wakes a handler blocked in a direct recv(2)
    // (SocketIo), which then closes its own channel; closing it from here could free the
    // descriptor under a call in progress.
    for (SocketChannel c : open) {
      shutdownQuietly(c);
    }
    workers.shutdownNow();
    try {
      acceptor.join(2000);
      workers.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (SocketChannel c : open) {
      closeQuietly(c);
    }
  }

  private Thread newThread(Runnable r, String name) {
    Thread t =
        new Thread(
            () -> {
              serverThreads.add(Thread.currentThread().getId());
              try {
                r.run();
              } finally {
                long cpu = THREADS.getCurrentThreadCpuTime();
                serverThreads.remove(Thread.currentThread().getId());
                if (cpu > 0) {
                  retiredThreadsCpu.add(cpu);
                }
              }
            },
            name);
    t.setDaemon(true);
    return t;
  }

  private void acceptLoop() {
    while (!closed) {
      SocketChannel c;
      try {
        c = listener.accept();
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        if (!closed) {
          LOG.warn("accept failed: {}", e.toString());
        }
        continue;
      }
      open.add(c);
      connectionCount.incrementAndGet();
      try {
        workers.execute(() -> serve(c));
      } catch (RuntimeException e) {
        open.remove(c);
        closeQuietly(c);
      }
    }
  }

  /** Serves one connection until the peer closes it or breaks the protocol. */
  private void serve(SocketChannel c) {
    TcpConnectionHandler handler = new TcpConnectionHandler(c, ThreadBuffers.current(), this);
    try {
      options.applyTo(c);
      handler.run();
    } catch (ClosedChannelException e) {
      // closed by close(): nothing to report
    } catch (TcpConnectionHandler.ProtocolException e) {
      faults.increment();
      LOG.warn("{}: malformed frame ({}); closing the connection", peer(c), e.getMessage());
    } catch (EOFException e) {
      faults.increment();
      LOG.warn("{}: peer disconnected mid-transaction ({})", peer(c), e.getMessage());
    } catch (IOException e) {
      if (handler.midFrame()) {
        faults.increment();
        LOG.warn("{}: connection failed mid-transaction: {}", peer(c), e.toString());
      } else {
        LOG.debug("{}: connection ended: {}", peer(c), e.toString());
      }
    } catch (RuntimeException e) {
      faults.increment();
      LOG.error("{}: unexpected failure serving the connection", peer(c), e);
    } finally {
      open.remove(c);
      closeQuietly(c);
    }
  }

  private static String peer(SocketChannel c) {
    try {
      return String.valueOf(c.getRemoteAddress());
    } catch (IOException e) {
      return "a peer";
    }
  }

  private static void shutdownQuietly(SocketChannel c) {
    try {
      c.shutdownInput();
      c.shutdownOutput();
    } catch (IOException e) {
      closeQuietly(c); // not connected any more: nothing blocks on it
    }
  }

  private static void closeQuietly(SocketChannel c) {
    try {
      c.close();
    } catch (IOException e) {
      // nothing left to do
    }
  }
}
