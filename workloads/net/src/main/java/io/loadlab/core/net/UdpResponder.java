package io.loadlab.core.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UDP half of a {@link NetServer}: answers {@link UdpProtocol} datagrams on the TCP listener's
 * port number. Several sockets share the port (SO_REUSEPORT, one per core up to 4, each with its
 * own thread), and the kernel keeps every client socket on one of them, so each receiver keeps its
 * clients' counters (flows) to itself.
 */
final class UdpResponder implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(UdpResponder.class);
  private static final int MAX_FLOWS = 16_384;
  private static final long IDLE_FLOW_NANOS = 60_000_000_000L;

  /** The server's side of the counting. */
  interface Counters {
    void served(long received, long sent);

    void fault();

    ServerStats stats(long flowDatagrams);
  }

  private final List<DatagramChannel> channels;
  private final List<DatagramIo> ios = new ArrayList<>();
  private final Counters counters;
  private final int dropEveryNth;
  private final CountDownLatch stopped;
  private volatile boolean closed;

  private UdpResponder(List<DatagramChannel> channels, Counters counters, int dropEveryNth) {
    this.channels = channels;
    this.counters = counters;
    this.dropEveryNth = dropEveryNth;
    this.stopped = new CountDownLatch(channels.size());
    for (DatagramChannel c : channels) {
      ios.add(DatagramIo.of(c));
    }
  }

  /**
   * Binds the UDP sockets on {@code address} (whose port is the TCP listener's) and starts a thread
   * per socket with {@code threads}.
   *
   * @param dropEveryNth a test hook: each receiver ignores every Nth request or stream datagram, as
   *     if the network had lost it (0: none)
   */
  static UdpResponder start(
      InetSocketAddress address,
      NetSocketOptions options,
      Counters counters,
      int dropEveryNth,
      BiFunction<Runnable, String, Thread> threads)
      throws IOException {
    int wanted = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    List<DatagramChannel> channels = new ArrayList<>();
    try {
      for (int i = 0; i < wanted; i++) {
        java.net.ProtocolFamily family = SocketFamily.of(address);
        DatagramChannel c = family == null ? DatagramChannel.open() : DatagramChannel.open(family);
        channels.add(c);
        boolean shared = c.supportedOptions().contains(StandardSocketOptions.SO_REUSEPORT);
        if (shared) {
          c.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        }
        if (options.receiveBuffer() > 0) {
          c.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBuffer());
        }
        if (options.sendBuffer() > 0) {
          c.setOption(StandardSocketOptions.SO_SNDBUF, options.sendBuffer());
        }
        c.bind(address);
        if (!shared) {
          break;
        }
      }
    } catch (IOException | RuntimeException e) {
      for (DatagramChannel c : channels) {
        c.close();
      }
      throw e;
    }
    UdpResponder r = new UdpResponder(List.copyOf(channels), counters, dropEveryNth);
    for (int i = 0; i < channels.size(); i++) {
      DatagramChannel c = channels.get(i);
      DatagramIo io = r.ios.get(i);
      threads.apply(() -> r.serve(io), "loadlab-net-udp-" + (i + 1)).start();
    }
    return r;
  }

  @Override
  public void close() {
    closed = true;
    // A receiver blocked in a direct recvfrom(2) is woken first and left to return: closing the
    // socket under it could free its descriptor for another socket meanwhile.
    boolean wait = false;
    for (DatagramIo io : ios) {
      io.wake();
      wait |= io.wakesBeforeClose();
    }
    if (wait) {
      try {
        stopped.await(2, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    for (DatagramChannel c : channels) {
      try {
        c.close();
      } catch (IOException e) {
        LOG.debug("closing a UDP socket: {}", e.toString());
      }
    }
  }

  /** A client socket's counters. */
  private static final class Flow {
    long received;
    long bytes;
    long reordered;
    int highest;
    long lastSeen;

    void arrived(int sequence, int length) {
      if (received > 0 && sequence - highest <= 0) {
        reordered++;
      } else {
        highest = sequence;
      }
      received++;
      bytes += length;
      if ((received & 1023) == 0) {
        lastSeen = System.nanoTime(); // often enough to tell an idle flow, cheap per datagram
      }
    }
  }

  private void serve(DatagramIo channel) {
    try {
      receive(channel);
    } finally {
      stopped.countDown();
    }
  }

  private void receive(DatagramIo channel) {
    ByteBuffer in = ByteBuffer.allocateDirect(UdpProtocol.MAX_DATAGRAM + 1);
    ByteBuffer out = ByteBuffer.allocateDirect(UdpProtocol.MAX_DATAGRAM);
    Map<SocketAddress, Flow> flows = new HashMap<>();
    // The channel hands back the same address object while datagrams come from one sender, so a
    // stream's flow is found without hashing.
    SocketAddress lastFrom = null;
    Flow lastFlow = null;
    long arrivals = 0;
    while (!closed) {
      SocketAddress from;
      try {
        in.clear();
        from = channel.receive(in);
        if (from == null) {
          continue;
        }
        int length = in.position();
        if (!UdpProtocol.valid(in, length) || length > UdpProtocol.MAX_DATAGRAM) {
          fault(from, "not a loadlab datagram (" + length + " bytes)");
          continue;
        }
        byte type = UdpProtocol.type(in);
        int sequence = UdpProtocol.sequence(in);
        if (type == UdpProtocol.TYPE_STATS) {
          Flow f = flows.get(from);
          out.clear();
          UdpProtocol.putHeader(out, UdpProtocol.TYPE_STATS_ANSWER, sequence, 0);
          counters.stats(f == null ? 0 : f.received).writeTo(out);
          out.putLong(f == null ? 0 : f.bytes);
          out.putLong(f == null ? 0 : f.reordered);
          out.flip();
          channel.send(out, from);
          continue;
        }
        if (type != UdpProtocol.TYPE_REQUEST && type != UdpProtocol.TYPE_STREAM) {
          fault(from, "unknown datagram type " + type);
          continue;
        }
        int response = type == UdpProtocol.TYPE_REQUEST ? UdpProtocol.responseLength(in) : 0;
        if (response != 0
            && (response < UdpProtocol.HEADER_LENGTH || response > UdpProtocol.MAX_DATAGRAM)) {
          fault(from, "response length " + response + " out of range");
          continue;
        }
        if (dropEveryNth > 0 && ++arrivals % dropEveryNth == 0) {
          continue; // the test hook: as if the network lost it
        }
        Flow f = from == lastFrom ? lastFlow : flows.get(from);
        if (f == null) {
          long now = System.nanoTime();
          if (flows.size() >= MAX_FLOWS) {
            flows.values().removeIf(old -> now - old.lastSeen > IDLE_FLOW_NANOS);
          }
          f = new Flow();
          f.lastSeen = now;
          flows.put(from, f);
        }
        lastFrom = from;
        lastFlow = f;
        f.arrived(sequence, length);
        if (response > 0) {
          out.clear();
          UdpProtocol.putHeader(out, UdpProtocol.TYPE_RESPONSE, sequence, 0);
          out.position(response).flip();
          channel.send(out, from);
        }
        counters.served(length, response);
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        if (!closed) {
          LOG.debug("UDP receive or send failed: {}", e.toString());
        }
      }
    }
  }

  private void fault(SocketAddress from, String what) {
    counters.fault();
    LOG.warn("{}: {}; ignored", from, what);
  }
}
