package io.loadlab.core.net;

/**
 * What a server received from one client socket over UDP, with its own counters.
 *
 * @param server the server's counters; {@code connectionTransactions} is the datagrams received
 *     from this socket (requests answered plus stream datagrams counted)
 * @param bytesReceived payload bytes received from this socket (whole datagrams)
 * @param reordered datagrams that arrived after one with a higher sequence number (a duplicate
 *     counts here too)
 */
public record UdpFlowStats(ServerStats server, long bytesReceived, long reordered) {
  /** Datagrams the server received from this socket. */
  public long received() {
    return server.connectionTransactions();
  }
}
