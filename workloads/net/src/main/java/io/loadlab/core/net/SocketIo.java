package io.loadlab.core.net;

import java.io.IOException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.spi.AbstractInterruptibleChannel;

/**
 * The reads and writes of a connection's hot path, on a blocking, connected socket channel (TCP, or
 * UDP connected to its peer): through the channel (NIO, any Java), or on Java 22+ by calling {@code
 * recv} and {@code send} on the channel's file descriptor directly ({@link NativeSockets}), which
 * saves the channel's locks and interrupt bookkeeping around each call. Both give the same bytes on
 * the wire and the same results; {@link #mode()} says which one runs, and the system property
 * {@code loadlab.net.io=nio} chooses NIO on any Java.
 *
 * <p>One thread at a time reads or writes. Another thread may {@link #wake()} a blocked read, which
 * then ends as at the end of the stream; the channel is closed by the thread that uses it.
 */
abstract class SocketIo {
  /** The system property that chooses the path: {@code nio}, or {@code ffm} (the default). */
  static final String PROPERTY = "loadlab.net.io";

  private static final boolean NATIVE =
      NativeSockets.UNAVAILABLE == null && !"nio".equals(System.getProperty(PROPERTY));

  /** Reads into {@code dst} what is there (blocking until something is); -1 at end of stream. */
  abstract int read(ByteBuffer dst) throws IOException;

  /** Writes what it can of {@code src} (blocking until some fits); returns the bytes written. */
  abstract int write(ByteBuffer src) throws IOException;

  /** From another thread: makes a blocked read return, as at the end of the stream. */
  abstract void wake();

  /** True when {@link #wake()} stands in for closing the channel from another thread. */
  abstract boolean wakesBeforeClose();

  /** True when connections call the system directly ({@code ffm}). */
  static boolean direct() {
    return NATIVE;
  }

  /** {@code ffm} when connections call the system directly, else {@code nio}. */
  static String mode() {
    return NATIVE ? "ffm" : "nio";
  }

  /** Why the direct path is not used, or null when it is. */
  static String whyNio() {
    if (NATIVE) {
      return null;
    }
    return NativeSockets.UNAVAILABLE != null
        ? NativeSockets.UNAVAILABLE
        : PROPERTY + "=" + System.getProperty(PROPERTY);
  }

  /** The path of {@link #mode()} for a blocking, connected channel. */
  static <C extends AbstractInterruptibleChannel & ByteChannel> SocketIo of(C channel) {
    return NATIVE ? new Native(channel) : new Nio(channel);
  }

  /** Through the channel's own read and write. */
  static final class Nio extends SocketIo {
    private final ByteChannel channel;

    Nio(ByteChannel channel) {
      this.channel = channel;
    }

    @Override
    int read(ByteBuffer dst) throws IOException {
      return channel.read(dst);
    }

    @Override
    int write(ByteBuffer src) throws IOException {
      return channel.write(src);
    }

    @Override
    void wake() {
      // closing the channel wakes a blocked NIO read
    }

    @Override
    boolean wakesBeforeClose() {
      return false;
    }
  }

  /** recv(2) and send(2) on the channel's descriptor, through {@link NativeSockets}. */
  static final class Native extends SocketIo {
    private final ByteChannel channel;
    private final int fd;
    private final Object state = NativeSockets.newState();

    <C extends AbstractInterruptibleChannel & ByteChannel> Native(C channel) {
      this.channel = channel;
      this.fd = NativeSockets.fd(channel);
    }

    @Override
    int read(ByteBuffer dst) throws IOException {
      int want = dst.remaining();
      if (!dst.isDirect() || want == 0) {
        return channel.read(dst);
      }
      while (true) {
        if (!channel.isOpen()) {
          throw new ClosedChannelException();
        }
        long n;
        try {
          n = (long) NativeSockets.RECV.invokeExact(state, fd, dst, (long) want, 0);
        } catch (Throwable e) {
          throw rethrow(e);
        }
        if (n > 0) {
          dst.position(dst.position() + (int) n);
          return (int) n;
        }
        if (n == 0) {
          return -1; // end of stream (TCP), or woken (UDP); a 0-byte datagram is not loadlab's
        }
        int errno = NativeSockets.errno(state);
        if (errno == NativeSockets.EAGAIN) {
          return channel.read(dst); // the descriptor is non-blocking: NIO waits for data
        }
        if (errno != NativeSockets.EINTR) {
          throw error(errno);
        }
      }
    }

    @Override
    int write(ByteBuffer src) throws IOException {
      int have = src.remaining();
      if (!src.isDirect() || have == 0) {
        return channel.write(src);
      }
      while (true) {
        if (!channel.isOpen()) {
          throw new ClosedChannelException();
        }
        long n;
        try {
          n =
              (long)
                  NativeSockets.SEND.invokeExact(
                      state, fd, src, (long) have, NativeSockets.MSG_NOSIGNAL);
        } catch (Throwable e) {
          throw rethrow(e);
        }
        if (n >= 0) {
          src.position(src.position() + (int) n);
          return (int) n;
        }
        int errno = NativeSockets.errno(state);
        if (errno == NativeSockets.EAGAIN) {
          return channel.write(src);
        }
        if (errno != NativeSockets.EINTR) {
          throw error(errno);
        }
      }
    }

    @Override
    void wake() {
      NativeSockets.shutdown(fd);
    }

    @Override
    boolean wakesBeforeClose() {
      return true;
    }

    /** The exception NIO throws for the same error. */
    static IOException error(int errno) {
      switch (errno) {
        case NativeSockets.ECONNREFUSED:
          return new PortUnreachableException();
        case NativeSockets.ECONNRESET:
          return new SocketException("Connection reset");
        case NativeSockets.EPIPE:
          return new IOException("Broken pipe");
        default:
          return new IOException("socket error " + errno + " (errno)");
      }
    }

    static RuntimeException rethrow(Throwable e) {
      if (e instanceof RuntimeException) {
        return (RuntimeException) e;
      }
      if (e instanceof Error) {
        throw (Error) e;
      }
      return new IllegalStateException(e);
    }
  }
}
