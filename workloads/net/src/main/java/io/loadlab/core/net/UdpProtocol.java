package io.loadlab.core.net;

import java.nio.ByteBuffer;

/**
 * The UDP form of the wire protocol ({@link NetProtocol} is the TCP form). Every datagram, both
 * ways, starts with a 12-byte big-endian header and is exactly as long as the size the user asked
 * for (netperf's and sockperf's sizes are UDP payload sizes too), so a datagram is at least {@link
 * #HEADER_LENGTH} and at most {@link #MAX_DATAGRAM} bytes:
 *
 * <pre>
 *  offset size field
 *  0      2    magic 0x4C4C ("LL")
 *  2      1    version (1)
 *  3      1    type: 1 request, 2 stream datagram, 3 stats request, 4 response, 5 stats answer
 *  4      4    sequence number, per client socket (a response carries its request's)
 *  8      4    request: the response's length in bytes; otherwise 0
 * </pre>
 *
 * The server answers a request with a response of the asked length; it counts stream datagrams
 * without answering. A stats answer carries {@link ServerStats} (whose per-connection count is the
 * datagrams the server received from the asking socket) followed by that socket's received bytes
 * and reordered datagrams: see {@link UdpFlowStats}.
 */
public final class UdpProtocol {
  /** Header length in bytes, the smallest datagram. */
  public static final int HEADER_LENGTH = 12;

  /** The largest UDP payload over IPv4 (65,535 - 20 IP - 8 UDP). */
  public static final int MAX_DATAGRAM = 65_507;

  /** A request the server answers. */
  public static final byte TYPE_REQUEST = 1;

  /** A one-way stream datagram the server counts. */
  public static final byte TYPE_STREAM = 2;

  /** A request for the server's counters and the asking socket's. */
  public static final byte TYPE_STATS = 3;

  /** The server's answer to a request. */
  public static final byte TYPE_RESPONSE = 4;

  /** The server's answer to a stats request. */
  public static final byte TYPE_STATS_ANSWER = 5;

  /** Length of a stats answer: header, server counters, flow bytes and reordered. */
  public static final int STATS_LENGTH = HEADER_LENGTH + NetProtocol.STATS_LENGTH + 16;

  private UdpProtocol() {}

  /** Writes a header at the buffer's position and advances it. */
  static void putHeader(ByteBuffer b, byte type, int sequence, int responseLength) {
    b.putShort(NetProtocol.MAGIC);
    b.put(NetProtocol.VERSION);
    b.put(type);
    b.putInt(sequence);
    b.putInt(responseLength);
  }

  /** True if the datagram (absolute offsets from 0) has a valid header of this version. */
  static boolean valid(ByteBuffer b, int length) {
    return length >= HEADER_LENGTH
        && b.getShort(0) == NetProtocol.MAGIC
        && b.get(2) == NetProtocol.VERSION;
  }

  static byte type(ByteBuffer b) {
    return b.get(3);
  }

  static int sequence(ByteBuffer b) {
    return b.getInt(4);
  }

  static int responseLength(ByteBuffer b) {
    return b.getInt(8);
  }
}
