package io.loadlab.core.net;

import io.loadlab.core.failure.UnreachableTargetException;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * One client connection to a {@link NetServer}: blocking request/response transactions, one-way
 * sends and bulk reads over the loadlab wire protocol ({@link NetProtocol}). The command line, the
 * JMeter sampler and the JMH benchmarks all drive connections through this class.
 *
 * <p>Not thread-safe: one thread at a time uses a connection. Buffers are direct (the kernel copies
 * straight from them) and per thread, not per connection, so connect/request/response allocates
 * nothing per transaction either ({@link ThreadBuffers}).
 */
public final class NetConnection implements PointUser.Endpoint {
  private final SocketChannel channel;
  private final SocketIo io;
  private final byte flags;

  private NetConnection(SocketChannel channel, byte flags) {
    this.channel = channel;
    this.io = SocketIo.of(channel);
    this.flags = flags;
  }

  /**
   * Connects to a server.
   *
   * @throws UnreachableTargetException if the host is unknown, refuses or does not answer within
   *     {@code connectTimeout}
   * @throws IOException on any other failure to connect
   */
  public static NetConnection open(
      String host, int port, NetSocketOptions options, Duration connectTimeout) throws IOException {
    return open(new InetSocketAddress(host, port), options, connectTimeout);
  }

  /**
   * Connects to a resolved server address; see {@link #open(String, int, NetSocketOptions,
   * Duration)}.
   */
  public static NetConnection open(
      InetSocketAddress address, NetSocketOptions options, Duration connectTimeout)
      throws IOException {
    if (address.isUnresolved()) {
      throw new UnreachableTargetException(
          "--host: '" + address.getHostString() + "' is not a known host name; check the name");
    }
    java.net.ProtocolFamily family = SocketFamily.of(address);
    SocketChannel channel = family == null ? SocketChannel.open() : SocketChannel.open(family);
    try {
      options.applyTo(channel);
      channel.socket().connect(address, (int) Math.max(1, connectTimeout.toMillis()));
      channel.configureBlocking(true);
    } catch (ConnectException
        | NoRouteToHostException
        | SocketTimeoutException
        | UnknownHostException e) {
      channel.close();
      throw new UnreachableTargetException(
          "cannot connect to "
              + describe(address)
              + ": "
              + e.getMessage()
              + "; start 'loadlab net serve --port "
              + address.getPort()
              + "' there or check --host/--port",
          e);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    byte flags = options.noDelay() ? NetProtocol.FLAG_NODELAY : 0;
    return new NetConnection(channel, flags);
  }

  /**
   * One request/response transaction: sends {@code requestBytes} of payload and waits until the
   * server's {@code responseBytes} have all arrived. With a response of 0 it returns once the
   * request is written (a one-way message, see {@link #send(int)}).
   */
  public void transact(int requestBytes, int responseBytes) throws IOException {
    ThreadBuffers buffers = ThreadBuffers.current();
    request(buffers, NetProtocol.TYPE_TRANSACTION, flags, requestBytes, responseBytes);
    drain(buffers, responseBytes);
  }

  /**
   * Like {@link #transact(int, int)}, then waits for the server to close the connection: the
   * request/response part of a connect/request/response (crr) transaction, as in HTTP/1.0. The
   * server closes first (so TIME_WAIT stays on the server side) and counts the transaction before
   * it closes. Close this connection afterwards.
   */
  public void transactAndClose(int requestBytes, int responseBytes) throws IOException {
    ThreadBuffers buffers = ThreadBuffers.current();
    request(
        buffers,
        NetProtocol.TYPE_TRANSACTION,
        (byte) (flags | NetProtocol.FLAG_CLOSE),
        requestBytes,
        responseBytes);
    drain(buffers, responseBytes);
    ByteBuffer in = buffers.in(1);
    in.clear().limit(1);
    if (io.read(in) >= 0) {
      throw new IOException("the server sent more than the response instead of closing");
    }
  }

  /**
   * Sends a one-way message of {@code requestBytes} that the server reads and counts without
   * answering; back to back, such messages are a bulk stream (TCP_STREAM). Call {@link
   * #serverStats()} at the end to wait until the server has read them all.
   */
  public void send(int requestBytes) throws IOException {
    request(ThreadBuffers.current(), NetProtocol.TYPE_TRANSACTION, flags, requestBytes, 0);
  }

  /**
   * A stream read (z/VM's STRG): sends a small request and reads a bulk answer of {@code
   * responseBytes}, discarding the data as it arrives.
   *
   * @return the bytes read
   */
  public long readStream(int requestBytes, int responseBytes) throws IOException {
    transact(requestBytes, responseBytes);
    return responseBytes;
  }

  /**
   * Asks the server for its counters. As the server serves a connection's messages in order, the
   * answer also means every earlier message on this connection was served.
   */
  public ServerStats serverStats() throws IOException {
    ThreadBuffers buffers = ThreadBuffers.current();
    request(buffers, NetProtocol.TYPE_STATS, flags, 0, 0);
    ByteBuffer in = buffers.in(NetProtocol.STATS_LENGTH);
    in.clear().limit(NetProtocol.STATS_LENGTH);
    while (in.hasRemaining()) {
      if (io.read(in) < 0) {
        throw new EOFException("the server closed the connection before sending its stats");
      }
    }
    in.flip();
    return ServerStats.readFrom(in);
  }

  /** True while the connection is open. */
  public boolean isOpen() {
    return channel.isOpen();
  }

  /**
   * From another thread: ends the transaction a stuck user is blocked in (it fails as if the server
   * had closed the connection); the user's thread then closes the connection. With NIO this closes
   * the channel; with direct system calls ({@link SocketIo}) it shuts the socket down instead, so
   * that its descriptor cannot be closed, and reused, under a call in progress.
   */
  public void abort() throws IOException {
    if (io.wakesBeforeClose()) {
      io.wake();
    } else {
      channel.close();
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  private void request(
      ThreadBuffers buffers, byte type, byte frameFlags, int requestBytes, int responseBytes)
      throws IOException {
    if (requestBytes < 0 || responseBytes < 0) {
      throw new IllegalArgumentException(
          "request and response sizes must not be negative: " + requestBytes + "/" + responseBytes);
    }
    ByteBuffer out = buffers.out(NetProtocol.HEADER_LENGTH + (long) requestBytes);
    out.clear();
    NetProtocol.putHeader(out, type, frameFlags, requestBytes, responseBytes);
    // The payload's content does not matter: whatever the buffer holds is sent.
    int first = Math.min(requestBytes, out.remaining());
    out.position(out.position() + first);
    out.flip();
    writeFully(out);
    int left = requestBytes - first;
    while (left > 0) {
      int chunk = Math.min(left, out.capacity());
      out.clear().limit(chunk);
      writeFully(out);
      left -= chunk;
    }
  }

  private void writeFully(ByteBuffer out) throws IOException {
    while (out.hasRemaining()) {
      io.write(out);
    }
  }

  private void drain(ThreadBuffers buffers, int responseBytes) throws IOException {
    ByteBuffer in = buffers.in(responseBytes);
    long left = responseBytes;
    while (left > 0) {
      in.clear();
      if (left < in.capacity()) {
        in.limit((int) left);
      }
      int n = io.read(in);
      if (n < 0) {
        throw new EOFException(
            "the server closed the connection with " + left + " response bytes missing");
      }
      left -= n;
    }
  }

  static String describe(InetSocketAddress a) {
    String host = a.getHostString();
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + a.getPort();
  }
}
