package io.loadlab.core.net;

import io.loadlab.core.failure.UnreachableTargetException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;

/**
 * One client socket to a {@link NetServer} over UDP ({@link UdpProtocol}): request/response
 * transactions that count a response not back in time as lost (netperf UDP_RR), and one-way
 * datagrams the server counts (UDP_STREAM). The socket is connected, so only the server's datagrams
 * reach it, and sequence numbers tell a late answer from the awaited one.
 *
 * <p>Not thread-safe: one thread at a time uses a connection. Buffers are direct and per thread
 * ({@link ThreadBuffers}); a transaction allocates nothing.
 */
public final class UdpConnection implements AutoCloseable {
  /** The default time a response may take before the transaction counts as lost. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(200);

  private static final int STATS_ATTEMPTS = 5;

  private final DatagramChannel channel;
  private final Selector selector;
  private final SelectionKey key;
  private final long timeoutNanos;
  private int sequence;
  private long lost;
  private long late;
  private String lastLoss;

  private UdpConnection(DatagramChannel channel, Selector selector, Duration timeout)
      throws IOException {
    this.channel = channel;
    this.selector = selector;
    this.key = channel.register(selector, SelectionKey.OP_READ);
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
    java.net.ProtocolFamily family = SocketFamily.of(address);
    DatagramChannel channel =
        family == null ? DatagramChannel.open() : DatagramChannel.open(family);
    Selector selector = null;
    try {
      if (options.sendBuffer() > 0) {
        channel.setOption(StandardSocketOptions.SO_SNDBUF, options.sendBuffer());
      }
      if (options.receiveBuffer() > 0) {
        channel.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBuffer());
      }
      try {
        channel.connect(address);
      } catch (IOException e) {
        throw new UnreachableTargetException(
            "cannot send UDP to " + NetConnection.describe(address) + ": " + e.getMessage(), e);
      }
      channel.configureBlocking(false);
      selector = Selector.open();
      return new UdpConnection(channel, selector, timeout);
    } catch (IOException | RuntimeException e) {
      channel.close();
      if (selector != null) {
        selector.close();
      }
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
    long deadline = System.nanoTime() + timeoutNanos;
    // The answer cannot be there yet: wait for it first rather than try a read that finds nothing
    // (one system call fewer per transaction).
    await(timeoutNanos);
    while (true) {
      int n;
      try {
        in.clear();
        n = channel.read(in);
      } catch (PortUnreachableException e) {
        return lose("port unreachable");
      }
      if (n > 0) {
        if (UdpProtocol.valid(in, n)
            && UdpProtocol.type(in) == UdpProtocol.TYPE_RESPONSE
            && UdpProtocol.sequence(in) == seq) {
          return true;
        }
        late++; // an answer to an earlier, timed-out request
        continue;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return lose("no response within " + timeoutNanos / 1_000_000 + " ms");
      }
      await(left);
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
      long deadline = System.nanoTime() + timeoutNanos;
      long left;
      while ((left = deadline - System.nanoTime()) > 0) {
        in.clear();
        int n = channel.read(in);
        if (n == 0) {
          await(left);
          continue;
        }
        if (n >= UdpProtocol.STATS_LENGTH
            && UdpProtocol.valid(in, n)
            && UdpProtocol.type(in) == UdpProtocol.TYPE_STATS_ANSWER
            && UdpProtocol.sequence(in) == seq) {
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
    return channel.isOpen();
  }

  @Override
  public void close() throws IOException {
    try {
      selector.close();
    } finally {
      channel.close();
    }
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
    while (channel.write(out) == 0) {
      awaitWritable(); // the send buffer is full (a fast stream): wait for room
    }
  }

  /** Waits up to {@code nanos} for a datagram; an interrupted thread stops waiting. */
  private void await(long nanos) throws IOException {
    if (Thread.currentThread().isInterrupted()) {
      throw new InterruptedIOException("interrupted while waiting for a UDP response");
    }
    selector.select(UdpConnection::ignore, Math.max(1, (nanos + 999_999) / 1_000_000));
  }

  private void awaitWritable() throws IOException {
    key.interestOps(SelectionKey.OP_WRITE);
    try {
      selector.select(UdpConnection::ignore, Math.max(1, timeoutNanos / 1_000_000));
    } finally {
      key.interestOps(SelectionKey.OP_READ);
    }
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

  private static void ignore(SelectionKey k) {
    // readiness is acted on by reading
  }
}
