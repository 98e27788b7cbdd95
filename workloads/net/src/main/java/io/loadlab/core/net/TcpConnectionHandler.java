package io.loadlab.core.net;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Serves one TCP connection of a {@link NetServer}: reads the frames of {@link NetProtocol} and
 * answers each (a transaction's response, or the server's counters), adding what it serves to the
 * server's counters. Kept apart from the server, which accepts connections, owns the threads and
 * decides what a failure means. This is the per-transaction path: it allocates nothing per
 * transaction (its buffers are the thread's {@link ThreadBuffers}) and reaches the counters through
 * its one server reference, as an inner class would, so that a connection costs no more memory.
 */
final class TcpConnectionHandler {
  private final SocketChannel channel;
  private final SocketIo io;
  private final ThreadBuffers buffers;
  private final NetServer server;
  private ByteBuffer in;
  private ByteBuffer out;
  private boolean noDelaySet;
  private long served;
  private boolean midFrame;

  /**
   * A handler for {@code channel}, using {@code buffers} and adding to {@code server}'s counters.
   */
  TcpConnectionHandler(SocketChannel channel, ThreadBuffers buffers, NetServer server) {
    this.channel = channel;
    this.io = SocketIo.of(channel);
    this.buffers = buffers;
    this.server = server;
    this.in = buffers.in(0);
    in.clear().flip(); // empty, ready to read from
  }

  /** True while a frame has been started but not yet answered: an I/O failure then is a fault. */
  boolean midFrame() {
    return midFrame;
  }

  /**
   * Answers frames until the peer closes the connection between frames or asks to close it.
   *
   * @throws ProtocolException if a frame does not follow {@link NetProtocol}
   * @throws EOFException if the peer disconnects in the middle of a frame
   */
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
      server.bytesReceived.add(NetProtocol.HEADER_LENGTH + (long) request);
      if (!noDelaySet && (flags & NetProtocol.FLAG_NODELAY) != 0) {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        noDelaySet = true;
      }
      if (type == NetProtocol.TYPE_TRANSACTION) {
        skip(request);
        respond(response);
        server.transactions.increment();
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
        server.stats(served).writeTo(out);
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
      int read = io.read(in);
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
        int read = io.read(in);
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
    server.bytesSent.add(length);
  }

  private void writeFully() throws IOException {
    while (out.hasRemaining()) {
      io.write(out);
    }
  }

  /** A frame that does not follow {@link NetProtocol}. */
  static final class ProtocolException extends IOException {
    ProtocolException(String message) {
      super(message);
    }
  }
}
