package io.loadlab.core.net;

import java.nio.ByteBuffer;

/**
 * The counters a {@link NetServer} sends back on request: what it served and the CPU it spent since
 * it started. Two readings give what was served between them.
 *
 * @param transactions transactions served (answer fully written, or one-way request fully read)
 * @param bytesReceived payload and header bytes read
 * @param bytesSent response bytes written
 * @param processCpuNanos CPU time of the whole server process
 * @param serverThreadsCpuNanos CPU time of the server's own threads (acceptor and connections); the
 *     server's share when it runs inside the client's process
 * @param faults malformed frames and peers that disconnected mid-transaction
 * @param connectionTransactions transactions served on the asking connection (not a server-wide
 *     figure: a client compares it with what it counted on that connection)
 */
public record ServerStats(
    long transactions,
    long bytesReceived,
    long bytesSent,
    long processCpuNanos,
    long serverThreadsCpuNanos,
    long faults,
    long connectionTransactions) {

  /** What was served from {@code start} to this reading. */
  public ServerStats since(ServerStats start) {
    return new ServerStats(
        transactions - start.transactions,
        bytesReceived - start.bytesReceived,
        bytesSent - start.bytesSent,
        processCpuNanos - start.processCpuNanos,
        serverThreadsCpuNanos - start.serverThreadsCpuNanos,
        faults - start.faults,
        connectionTransactions - start.connectionTransactions);
  }

  void writeTo(ByteBuffer b) {
    b.putLong(transactions);
    b.putLong(bytesReceived);
    b.putLong(bytesSent);
    b.putLong(processCpuNanos);
    b.putLong(serverThreadsCpuNanos);
    b.putLong(faults);
    b.putLong(connectionTransactions);
  }

  static ServerStats readFrom(ByteBuffer b) {
    return new ServerStats(
        b.getLong(), b.getLong(), b.getLong(), b.getLong(), b.getLong(), b.getLong(), b.getLong());
  }
}
