package io.loadlab.core.net;

import io.loadlab.core.failure.UnreachableTargetException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.DatagramChannel;
import java.time.Duration;

/**
 * One client socket to a {@link NetServer} over UDP ({@link UdpProtocol}): request/response
 * transactions that count a response not back in time as lost (netperf UDP_RR), and one-way
 * datagrams the server counts (UDP_STREAM). The socket is connected, so only the server's datagrams
 * reach it, and sequence numbers tell a late answer from the awaited one.
 *
 * <p>The socket is blocking: a transaction is one write and one read, and {@link UdpDeadlines} ends
 * a read whose answer is overdue (a timeout is noticed within an eighth of it, at most 25 ms, after
 * it expires), after which the connection carries on with a new socket on the same local port, so
 * the server still counts it as the same client.
 *
 * <p>Not thread-safe: one thread at a time uses a connection. Buffers are direct and per thread
 * ({@link ThreadBuffers}); a transaction allocates nothing.
 */
public final class UdpConnection implements PointUser.Endpoint {
  /** The default time a response may take before the transaction counts as lost. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(200);

  private static final int STATS_ATTEMPTS = 5;
  private static final VarHandle DEADLINE;

  static {
    try {
      DEADLINE = MethodHandles.lookup().findVarHandle(UdpConnection.class, "deadline", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final InetSocketAddress server;
  private final NetSocketOptions options;
  private final SocketAddress local;
  private final long timeoutNanos;
  private volatile DatagramChannel channel;
  private volatile SocketIo io;
  private volatile boolean closed;

  // When the awaited answer is overdue; UdpDeadlines.IDLE when not waiting, EXPIRED once ended.
  @SuppressWarnings("unused")
  private volatile long deadline;

  private int sequence;
  private long lost;
  private long late;
  private String lastLoss;

  private UdpConnection(
      DatagramChannel channel, InetSocketAddress server, NetSocketOptions options, Duration timeout)
      throws IOException {
    this.channel = channel;
    this.io = SocketIo.of(channel);
    this.server = server;
    this.options = options;
    this.local = channel.getLocalAddress();
    this.timeoutNanos = timeout.toNanos();
  }

  /**
   * Opens a socket connected to a server; see {@link #open(InetSocketAddress, NetSocketOptions,
   * Duration)}.
   */
  public static UdpConnection open(
      String host, int port, NetSocketOptions options, Duration timeout) throws IOException {
    return open(new InetSocketAddress(host, port), options, timeout);
  }

  /**
   * Opens a socket connected to a server (UDP: nothing is sent; the route must exist).
   *
   * @param timeout how long a response may take before its transaction counts as lost
   * @throws UnreachableTargetException if the host is unknown or there is no route to it
   */
  public static UdpConnection open(
      InetSocketAddress address, NetSocketOptions options, Duration timeout) throws IOException {
    if (address.isUnresolved()) {
      throw new UnreachableTargetException(
          "--host: '" + address.getHostString() + "' is not a known host name; check the name");
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("the UDP timeout must be positive: " + timeout);
    }
    DatagramChannel channel = socket(address, options, null);
    try {
      UdpConnection c = new UdpConnection(channel, address, options, timeout);
      UdpDeadlines.watch(c, c.timeoutNanos);
      return c;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** A blocking socket connected to {@code address}, bound to {@code local} if not null. */
  private static DatagramChannel socket(
      InetSocketAddress address, NetSocketOptions options, SocketAddress local) throws IOException {
    java.net.ProtocolFamily family = SocketFamily.of(address);
    DatagramChannel channel =
        family == null ? DatagramChannel.open() : DatagramChannel.open(family);
    try {
      if (options.sendBuffer() > 0) {
        channel.setOption(StandardSocketOptions.SO_SNDBUF, options.sendBuffer());
      }
      if (options.receiveBuffer() > 0) {
        channel.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBuffer());
      }
      if (local != null) {
        channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        channel.bind(local);
      }
      try {
        channel.connect(address);
      } catch (IOException e) {
        throw new UnreachableTargetException(
            "cannot send UDP to " + NetConnection.describe(address) + ": " + e.getMessage(), e);
      }
      return channel;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * One transaction: sends a request datagram of {@code requestBytes} and waits for the response of
   * {@code responseBytes} (both {@link UdpProtocol#HEADER_LENGTH} to {@link
   * UdpProtocol#MAX_DATAGRAM}).
   *
   * @return true if the response came back in time; false if the transaction was lost (no answer
   *     within the timeout, or the server's host said nobody listens on the port), counted in
   *     {@link #lost()}
   */
  public boolean transact(int requestBytes, int responseBytes) throws IOException {
    checkSize("request", requestBytes);
    checkSize("response", responseBytes);
    int seq = ++sequence;
    try {
      write(UdpProtocol.TYPE_REQUEST, seq, requestBytes, responseBytes);
    } catch (PortUnreachableException e) {
      return lose("port unreachable"); // an earlier datagram's ICMP error, reported now
    }
    ByteBuffer in = ThreadBuffers.current().in(responseBytes + 1L);
    arm();
    while (true) {
      int n;
      try {
        in.clear();
        n = read(in);
      } catch (PortUnreachableException e) {
        disarm();
        return lose("port unreachable");
      } catch (AsynchronousCloseException e) {
        if (closed || !expired()) {
          throw e;
        }
        renew();
        return lose("no response within " + timeoutNanos / 1_000_000 + " ms");
      }
      if (UdpProtocol.valid(in, n)
          && UdpProtocol.type(in) == UdpProtocol.TYPE_RESPONSE
          && UdpProtocol.sequence(in) == seq) {
        disarm();
        return true;
      }
      late++; // an answer to an earlier, timed-out request
    }
  }

  /**
   * Sends a one-way stream datagram of {@code bytes} (sequence numbered) that the server counts;
   * see {@link #flowStats()} for what arrived.
   */
  public void send(int bytes) throws IOException {
    checkSize("datagram", bytes);
    write(UdpProtocol.TYPE_STREAM, ++sequence, bytes, 0);
  }

  /**
   * Asks the server what it received from this socket, retrying a few times if the question or the
   * answer is lost. As the server handles this socket's datagrams in order, the answer covers every
   * datagram that reached it before.
   *
   * @throws java.net.SocketTimeoutException if no answer came back
   */
  public UdpFlowStats flowStats() throws IOException {
    ByteBuffer in = ThreadBuffers.current().in(UdpProtocol.STATS_LENGTH + 1L);
    for (int attempt = 0; attempt < STATS_ATTEMPTS; attempt++) {
      int seq = ++sequence;
      write(UdpProtocol.TYPE_STATS, seq, UdpProtocol.HEADER_LENGTH, 0);
      arm();
      while (true) {
        int n;
        try {
          in.clear();
          n = read(in);
        } catch (AsynchronousCloseException e) {
          if (closed || !expired()) {
            throw e;
          }
          renew();
          break; // ask again
        }
        if (n >= UdpProtocol.STATS_LENGTH
            && UdpProtocol.valid(in, n)
            && UdpProtocol.type(in) == UdpProtocol.TYPE_STATS_ANSWER
            && UdpProtocol.sequence(in) == seq) {
          disarm();
          in.flip().position(UdpProtocol.HEADER_LENGTH);
          ServerStats server = ServerStats.readFrom(in);
          return new UdpFlowStats(server, in.getLong(), in.getLong());
        }
      }
    }
    throw new java.net.SocketTimeoutException(
        "no answer from the server to "
            + STATS_ATTEMPTS
            + " stats requests over UDP ("
            + timeoutNanos / 1_000_000
            + " ms each)");
  }

  /** Transactions lost so far (no response in time). */
  public long lost() {
    return lost;
  }

  /** Responses that arrived after their transaction was counted as lost, and were ignored. */
  public long late() {
    return late;
  }

  /** Why the last lost transaction was lost, or null. */
  public String lastLoss() {
    return lastLoss;
  }

  /** Datagrams sent so far (requests, stream datagrams and stats requests). */
  public int sequence() {
    return sequence;
  }

  /** True while the socket is open. */
  public boolean isOpen() {
    return !closed && channel.isOpen();
  }

  /**
   * From another thread: ends the call a stuck user is blocked in; the user's thread then closes
   * the connection. With NIO this closes the socket; with direct system calls ({@link SocketIo}) it
   * shuts it down, so that its descriptor cannot be closed, and reused, under a call in progress.
   */
  public void abort() throws IOException {
    closed = true;
    UdpDeadlines.forget(this);
    if (io.wakesBeforeClose()) {
      synchronized (this) {
        io.wake();
      }
    } else {
      channel.close();
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    UdpDeadlines.forget(this);
    synchronized (this) {
      channel.close();
    }
  }

  /**
   * Reads a datagram through {@link #io}. A direct read woken by {@link #expireIfOverdue} or {@link
   * #abort()} returns as at the end of a stream: that is reported as NIO reports a close.
   */
  private int read(ByteBuffer in) throws IOException {
    int n = io.read(in);
    if (n < 0) {
      throw new AsynchronousCloseException();
    }
    return n;
  }

  /** Starts the wait for an answer: it may last {@link #timeoutNanos}. */
  private void arm() {
    deadline = System.nanoTime() + timeoutNanos;
  }

  /**
   * Ends the wait with an answer. If {@link UdpDeadlines} ended it at the same moment (and so
   * closes the socket), carries on with a new one.
   */
  private void disarm() throws IOException {
    long d = deadline;
    if (d == UdpDeadlines.EXPIRED || !DEADLINE.compareAndSet(this, d, UdpDeadlines.IDLE)) {
      renew();
    }
  }

  private boolean expired() {
    return deadline == UdpDeadlines.EXPIRED;
  }

  /** Called by {@link UdpDeadlines}: closes the socket if the awaited answer is overdue. */
  void expireIfOverdue(long now) {
    DatagramChannel c = channel;
    long d = deadline;
    if (d != UdpDeadlines.IDLE
        && d != UdpDeadlines.EXPIRED
        && now - d > 0
        && DEADLINE.compareAndSet(this, d, UdpDeadlines.EXPIRED)) {
      SocketIo i = io;
      if (i.wakesBeforeClose()) {
        synchronized (this) { // not while renew() closes the socket: its descriptor may be reused
          if (channel == c) {
            i.wake();
          }
        }
        return;
      }
      try {
        c.close();
      } catch (IOException e) {
        // closed anyway
      }
    }
  }

  /** A new socket on the same local port, after {@link UdpDeadlines} closed the last one. */
  private void renew() throws IOException {
    synchronized (this) {
      channel.close();
    }
    DatagramChannel c;
    try {
      c = socket(server, options, local);
    } catch (java.net.BindException e) {
      // Someone took the port meanwhile: go on from another one (the server then counts the rest
      // of this connection's datagrams as another client's).
      c = socket(server, options, null);
    }
    io = SocketIo.of(c);
    channel = c;
    deadline = UdpDeadlines.IDLE;
  }

  private boolean lose(String why) {
    lost++;
    lastLoss = why;
    return false;
  }

  private void write(byte type, int seq, int bytes, int responseBytes) throws IOException {
    ByteBuffer out = ThreadBuffers.current().out(bytes);
    out.clear();
    UdpProtocol.putHeader(out, type, seq, responseBytes);
    out.position(bytes).flip(); // the payload's content does not matter
    io.write(out); // blocking: waits for room in the send buffer
  }

  private static void checkSize(String what, int bytes) {
    if (bytes < UdpProtocol.HEADER_LENGTH || bytes > UdpProtocol.MAX_DATAGRAM) {
      throw new IllegalArgumentException(
          "a UDP "
              + what
              + " of "
              + bytes
              + " bytes does not fit; use "
              + UdpProtocol.HEADER_LENGTH
              + " to "
              + UdpProtocol.MAX_DATAGRAM);
    }
  }
}
