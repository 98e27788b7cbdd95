package io.loadlab.core.net;

import java.nio.ByteBuffer;

/**
 * The wire protocol between {@link NetConnection} and {@link NetServer}. Every message from the
 * client starts with a 16-byte big-endian header:
 *
 * <pre>
 *  offset size field
 *  0      2    magic 0x4C4C ("LL")
 *  2      1    version (1)
 *  3      1    type: 1 = transaction, 2 = stats
 *  4      1    flags: bit 0 = close after the response (crr), bit 1 = TCP_NODELAY on the server side
 *  5      3    reserved, zero
 *  8      4    request length: this many payload bytes follow the header
 *  12     4    response length: the server answers with this many bytes (0 = no answer)
 * </pre>
 *
 * A transaction with a response length of 0 is one-way: the client does not wait, so such frames
 * stream back to back (TCP_STREAM). A stats request carries no payload and is answered with {@link
 * #STATS_LENGTH} bytes (see {@link ServerStats}); as the server handles a connection's frames in
 * order, the answer also proves that every earlier frame on that connection was served.
 */
public final class NetProtocol {
  /** The first two bytes of every header. */
  public static final short MAGIC = 0x4C4C;

  /** The protocol version this code speaks. */
  public static final byte VERSION = 1;

  /** Header length in bytes. */
  public static final int HEADER_LENGTH = 16;

  /** Type of a request/response transaction. */
  public static final byte TYPE_TRANSACTION = 1;

  /** Type of a request for the server's counters. */
  public static final byte TYPE_STATS = 2;

  /** Flag: the server closes the connection after answering (connect/request/response). */
  public static final byte FLAG_CLOSE = 1;

  /** Flag: the server sets TCP_NODELAY on this connection. */
  public static final byte FLAG_NODELAY = 2;

  /** Length of the answer to a stats request. */
  public static final int STATS_LENGTH = 56;

  /** The default port, netperf's. */
  public static final int DEFAULT_PORT = 12865;

  private NetProtocol() {}

  /** Writes a header at the buffer's position and advances it. */
  static void putHeader(ByteBuffer b, byte type, byte flags, int request, int response) {
    b.putShort(MAGIC);
    b.put(VERSION);
    b.put(type);
    b.put(flags);
    b.put((byte) 0);
    b.putShort((short) 0);
    b.putInt(request);
    b.putInt(response);
  }
}
