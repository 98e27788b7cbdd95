package io.loadlab.core.net;

import io.loadlab.core.failure.UsageException;
import java.io.EOFException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
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
  private final LongAdder transactions = new LongAdder();
  private final LongAdder bytesReceived = new LongAdder();
  private final LongAdder bytesSent = new LongAdder();
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
      throw new UsageException("--host: '" + host + "' is not a known host name; check the name");
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

  private ServerStats stats(long connectionTransactions) {
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
    for (SocketChannel c : open) {
      closeQuietly(c);
    }
    workers.shutdownNow();
    try {
      acceptor.join(2000);
      workers.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
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
    ConnectionHandler handler = new ConnectionHandler(c, ThreadBuffers.current());
    try {
      options.applyTo(c);
      handler.run();
    } catch (ClosedChannelException e) {
      // closed by close(): nothing to report
    } catch (ProtocolException e) {
      faults.increment();
      LOG.warn("{}: malformed frame ({}); closing the connection", peer(c), e.getMessage());
    } catch (EOFException e) {
      faults.increment();
      LOG.warn("{}: peer disconnected mid-transaction ({})", peer(c), e.getMessage());
    } catch (IOException e) {
      if (handler.midFrame) {
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

  private static void closeQuietly(SocketChannel c) {
    try {
      c.close();
    } catch (IOException e) {
      // nothing left to do
    }
  }

  /** A frame that does not follow {@link NetProtocol}. */
  static final class ProtocolException extends IOException {
    ProtocolException(String message) {
      super(message);
    }
  }

  /** Reads frames from one connection and answers them. */
  private final class ConnectionHandler {
    private final SocketChannel channel;
    private final ThreadBuffers buffers;
    private ByteBuffer in;
    private ByteBuffer out;
    private boolean noDelaySet;
    private long served;
    boolean midFrame;

    ConnectionHandler(SocketChannel channel, ThreadBuffers buffers) {
      this.channel = channel;
      this.buffers = buffers;
      this.in = buffers.in(0);
      in.clear().flip(); // empty, ready to read from
    }

    void run() throws IOException {
      while (true) {
        midFrame = false;
        if (!fill(NetProtocol.HEADER_LENGTH, true)) {
          return; // clean close between frames
        }
        midFrame = true;
        short magic = in.getShort();
        byte version = in.get();
        byte type = in.get();
        byte flags = in.get();
        in.position(in.position() + 3);
        int request = in.getInt();
        int response = in.getInt();
        if (magic != NetProtocol.MAGIC) {
          throw new ProtocolException(String.format("bad magic 0x%04x", magic & 0xffff));
        }
        if (version != NetProtocol.VERSION) {
          throw new ProtocolException("unsupported version " + version);
        }
        if (request < 0 || response < 0) {
          throw new ProtocolException("negative size " + request + "/" + response);
        }
        bytesReceived.add(NetProtocol.HEADER_LENGTH + (long) request);
        if (!noDelaySet && (flags & NetProtocol.FLAG_NODELAY) != 0) {
          channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
          noDelaySet = true;
        }
        if (type == NetProtocol.TYPE_TRANSACTION) {
          skip(request);
          respond(response);
          transactions.increment();
          served++;
          if ((flags & NetProtocol.FLAG_CLOSE) != 0) {
            channel.shutdownOutput();
            midFrame = false;
            return;
          }
        } else if (type == NetProtocol.TYPE_STATS) {
          skip(request);
          out = buffers.out(NetProtocol.STATS_LENGTH);
          out.clear();
          stats(served).writeTo(out);
          out.flip();
          writeFully();
        } else {
          throw new ProtocolException("unknown frame type " + type);
        }
      }
    }

    /** Makes at least {@code n} bytes readable; false on a clean end of stream if allowed. */
    private boolean fill(int n, boolean endAllowed) throws IOException {
      while (in.remaining() < n) {
        in.compact();
        int read = channel.read(in);
        in.flip();
        if (read < 0) {
          if (endAllowed && in.remaining() == 0) {
            return false;
          }
          throw new EOFException("stream ended " + in.remaining() + " bytes into a frame");
        }
      }
      return true;
    }

    private void skip(int length) throws IOException {
      in = buffers.growIn(in, length);
      long left = length;
      while (left > 0) {
        if (!in.hasRemaining()) {
          in.clear();
          int read = channel.read(in);
          in.flip();
          if (read < 0) {
            throw new EOFException("stream ended with " + left + " request bytes missing");
          }
        }
        int take = (int) Math.min(left, in.remaining());
        in.position(in.position() + take);
        left -= take;
      }
    }

    private void respond(int length) throws IOException {
      out = buffers.out(length);
      long left = length;
      while (left > 0) {
        int chunk = (int) Math.min(left, out.capacity());
        out.clear().limit(chunk);
        writeFully();
        left -= chunk;
      }
      bytesSent.add(length);
    }

    private void writeFully() throws IOException {
      while (out.hasRemaining()) {
        channel.write(out);
      }
    }
  }
}
