package io.loadlab.core.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;

/**
 * The receive-and-answer path of the UDP responder on an unconnected, blocking socket: through the
 * channel (NIO), or on Java 22+ by {@code recvfrom} and {@code sendto} on its descriptor ({@link
 * NativeSockets}, the same choice as {@link SocketIo#mode()}). The sender's address comes back as
 * the same object while datagrams keep coming from one sender, as the channel's does, and an answer
 * to that sender reuses its raw address. One thread receives and sends; another may {@link #wake()}
 * it.
 */
abstract class DatagramIo {
  /** Receives a datagram into {@code in} (blocking); its sender, or null if woken. */
  abstract SocketAddress receive(ByteBuffer in) throws IOException;

  /** Sends {@code out} to {@code to} (normally the sender {@link #receive} returned last). */
  abstract void send(ByteBuffer out, SocketAddress to) throws IOException;

  /** From another thread: makes a blocked receive return null. */
  abstract void wake();

  /** True when {@link #wake()} stands in for closing the channel from another thread. */
  abstract boolean wakesBeforeClose();

  /** The path of {@link SocketIo#mode()} for {@code channel}. */
  static DatagramIo of(DatagramChannel channel) {
    return SocketIo.direct() ? new Native(channel) : new Nio(channel);
  }

  /** The channel's own receive and send. */
  static final class Nio extends DatagramIo {
    private final DatagramChannel channel;

    Nio(DatagramChannel channel) {
      this.channel = channel;
    }

    @Override
    SocketAddress receive(ByteBuffer in) throws IOException {
      return channel.receive(in);
    }

    @Override
    void send(ByteBuffer out, SocketAddress to) throws IOException {
      channel.send(out, to);
    }

    @Override
    void wake() {
      // closing the channel wakes a blocked receive
    }

    @Override
    boolean wakesBeforeClose() {
      return false;
    }
  }

  /** recvfrom(2) and sendto(2) on the channel's descriptor. */
  static final class Native extends DatagramIo {
    private static final int SOCKADDR = 128; // sizeof(struct sockaddr_storage)
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;

    private final DatagramChannel channel;
    private final int fd;
    private final Object state = NativeSockets.newState();
    private final Object address = NativeSockets.allocate(SOCKADDR);
    private final Object addressLength = NativeSockets.allocate(4);
    private final ByteBuffer addressView = NativeSockets.view(address);
    private final ByteBuffer lengthView =
        NativeSockets.view(addressLength).order(ByteOrder.nativeOrder());
    private final byte[] scratch = new byte[SOCKADDR];
    private final byte[] lastRaw = new byte[SOCKADDR];
    private int lastLength = -1;
    private InetSocketAddress last;

    Native(DatagramChannel channel) {
      this.channel = channel;
      this.fd = NativeSockets.fd(channel);
    }

    @Override
    SocketAddress receive(ByteBuffer in) throws IOException {
      if (!in.isDirect() || !in.hasRemaining()) {
        return channel.receive(in);
      }
      while (true) {
        if (!channel.isOpen()) {
          throw new ClosedChannelException();
        }
        lengthView.putInt(0, SOCKADDR);
        long n;
        try {
          n =
              (long)
                  NativeSockets.RECVFROM.invokeExact(
                      state, fd, in, (long) in.remaining(), 0, address, addressLength);
        } catch (Throwable e) {
          throw SocketIo.Native.rethrow(e);
        }
        if (n >= 0) {
          int length = lengthView.getInt(0);
          if (length <= 0) {
            return null; // woken by shutdown(2): no sender
          }
          in.position(in.position() + (int) n);
          return sender(Math.min(length, SOCKADDR));
        }
        int errno = NativeSockets.errno(state);
        if (errno == NativeSockets.EAGAIN) {
          return channel.receive(in);
        }
        if (errno != NativeSockets.EINTR) {
          throw SocketIo.Native.error(errno);
        }
      }
    }

    @Override
    void send(ByteBuffer out, SocketAddress to) throws IOException {
      if (to != last || !out.isDirect()) {
        channel.send(out, to);
        return;
      }
      while (true) {
        long n;
        try {
          n =
              (long)
                  NativeSockets.SENDTO.invokeExact(
                      state, fd, out, (long) out.remaining(), 0, address, lastLength);
        } catch (Throwable e) {
          throw SocketIo.Native.rethrow(e);
        }
        if (n >= 0) {
          out.position(out.position() + (int) n);
          return;
        }
        int errno = NativeSockets.errno(state);
        if (errno == NativeSockets.EAGAIN) {
          channel.send(out, to);
          return;
        }
        if (errno != NativeSockets.EINTR) {
          throw SocketIo.Native.error(errno);
        }
      }
    }

    /** The sender of the datagram just received: the last one's object if the same address. */
    private InetSocketAddress sender(int length) throws IOException {
      addressView.get(0, scratch, 0, length);
      if (length == lastLength && Arrays.equals(scratch, 0, length, lastRaw, 0, length)) {
        return last;
      }
      int family = addressView.order(ByteOrder.nativeOrder()).getShort(0);
      addressView.order(ByteOrder.BIG_ENDIAN);
      int port = addressView.getShort(2) & 0xffff;
      InetAddress host;
      if (family == AF_INET) {
        host = InetAddress.getByAddress(Arrays.copyOfRange(scratch, 4, 8));
      } else if (family == AF_INET6) {
        byte[] raw = Arrays.copyOfRange(scratch, 8, 24);
        int scope = addressView.order(ByteOrder.nativeOrder()).getInt(24);
        addressView.order(ByteOrder.BIG_ENDIAN);
        InetAddress plain = InetAddress.getByAddress(raw); // IPv4-mapped: an Inet4Address
        host =
            scope != 0 && plain instanceof java.net.Inet6Address
                ? java.net.Inet6Address.getByAddress(null, raw, scope)
                : plain;
      } else {
        throw new IOException("a datagram from address family " + family);
      }
      System.arraycopy(scratch, 0, lastRaw, 0, length);
      lastLength = length;
      last = new InetSocketAddress(host, port);
      return last;
    }

    @Override
    void wake() {
      NativeSockets.shutdown(fd);
    }

    @Override
    boolean wakesBeforeClose() {
      return true;
    }
  }
}
