package io.loadlab.core.net;

/** The network transaction types, after netperf's TCP_RR, TCP_CRR and TCP_STREAM. */
public enum NetWorkload {
  /** Request/response on a persistent connection per user (TCP_RR; z/VM RR is 200/1000). */
  RR("rr", 1, 1),
  /** Connect, request, response, disconnect per transaction (TCP_CRR; z/VM CRR is 64/8192). */
  CRR("crr", 64, 8192),
  /**
   * Bulk data one way on a persistent connection: by default z/VM's STRG, a 20-byte request
   * answered by 20 MB; with a response of 0, back-to-back one-way messages (TCP_STREAM).
   */
  STREAM("stream", 20, 20 << 20);

  private final String id;
  private final int defaultRequest;
  private final int defaultResponse;

  NetWorkload(String id, int defaultRequest, int defaultResponse) {
    this.id = id;
    this.defaultRequest = defaultRequest;
    this.defaultResponse = defaultResponse;
  }

  /** The name used on the command line and in operation names. */
  public String id() {
    return id;
  }

  /** Default request size in bytes over {@code transport}; UDP sizes are whole datagrams. */
  public int defaultRequest(Transport transport) {
    if (transport != Transport.UDP) {
      return defaultRequest;
    }
    return this == STREAM ? UDP_STREAM_DATAGRAM : UDP_RR_DATAGRAM;
  }

  /** Default response size in bytes over {@code transport} (a UDP stream has none). */
  public int defaultResponse(Transport transport) {
    if (transport != Transport.UDP) {
      return defaultResponse;
    }
    return this == STREAM ? 0 : UDP_RR_DATAGRAM;
  }

  /** UDP rr request and response: sockperf's default (and smallest) message. */
  static final int UDP_RR_DATAGRAM = 14;

  /** UDP stream datagram: the most that fits one IPv4 packet at MTU 1500 (1500 - 20 - 8). */
  static final int UDP_STREAM_DATAGRAM = 1472;

  /** Default request size in bytes. */
  public int defaultRequest() {
    return defaultRequest;
  }

  /** Default response size in bytes. */
  public int defaultResponse() {
    return defaultResponse;
  }
}
