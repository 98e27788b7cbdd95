package io.loadlab.core.net;

import io.loadlab.core.failure.UsageException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a network run does. Lists of users and sizes make a sweep: one phase per combination of
 * users, request size and response size, in that nesting order.
 *
 * @param workload rr, crr or stream
 * @param host the server's host name or address (IPv4 or IPv6)
 * @param port the server's port
 * @param users concurrent users, each with its own connection (one sweep point per value)
 * @param requestSizes request payload sizes in bytes
 * @param responseSizes response sizes in bytes; 0 makes one-way messages
 * @param socket socket options for every connection
 * @param targetRate transactions per second over all users, or 0 for as fast as possible (closed
 *     loop); with a rate, latency is measured from each transaction's intended start
 * @param connectTimeout how long a connect may take
 * @param serverInProcess true if the server runs in this process: its CPU is then taken from its
 *     own threads and subtracted from the client's
 * @param transport TCP or UDP; with UDP, sizes are whole datagrams ({@link UdpProtocol})
 * @param udpTimeout with UDP, how long a response may take before its transaction counts as lost
 */
public record NetSettings(
    NetWorkload workload,
    String host,
    int port,
    List<Integer> users,
    List<Integer> requestSizes,
    List<Integer> responseSizes,
    NetSocketOptions socket,
    double targetRate,
    Duration connectTimeout,
    boolean serverInProcess,
    Transport transport,
    Duration udpTimeout) {

  /** The largest number of users in one point. */
  public static final int MAX_USERS = 10_000;

  public NetSettings {
    if (workload == null) {
      throw new UsageException("the workload is missing; use rr, crr or stream");
    }
    if (host == null || host.isBlank()) {
      throw new UsageException("--host: missing; give the server's host name or address");
    }
    if (port < 1 || port > 65535) {
      throw new UsageException("--port: " + port + " is out of range; use 1 to 65535");
    }
    users = checked("--users", users, 1, MAX_USERS);
    requestSizes = checked("--request", requestSizes, 0, Integer.MAX_VALUE);
    responseSizes = checked("--response", responseSizes, 0, Integer.MAX_VALUE);
    if (socket == null) {
      socket = NetSocketOptions.DEFAULTS;
    }
    if (targetRate < 0 || Double.isNaN(targetRate) || Double.isInfinite(targetRate)) {
      throw new UsageException(
          "--rate: " + targetRate + " is not a rate; use 0 or more per second");
    }
    if (connectTimeout == null || connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new UsageException("--connect-timeout: must be more than 0, e.g. 5s");
    }
    if (transport == null) {
      transport = Transport.TCP;
    }
    if (udpTimeout == null) {
      udpTimeout = UdpConnection.DEFAULT_TIMEOUT;
    }
    if (udpTimeout.isNegative() || udpTimeout.isZero()) {
      throw new UsageException("--udp-timeout: must be more than 0, e.g. 200ms");
    }
    if (transport == Transport.UDP) {
      checkUdp(workload, requestSizes, responseSizes);
    } else if (workload == NetWorkload.STREAM) {
      for (int req : requestSizes) {
        for (int resp : responseSizes) {
          if (req == 0 && resp == 0) {
            throw new UsageException(
                "--request/--response: a stream needs data one way; set --response (stream read)"
                    + " or --request with --response 0 (stream send)");
          }
        }
      }
    }
  }

  /** TCP settings (the form before UDP existed). */
  public NetSettings(
      NetWorkload workload,
      String host,
      int port,
      List<Integer> users,
      List<Integer> requestSizes,
      List<Integer> responseSizes,
      NetSocketOptions socket,
      double targetRate,
      Duration connectTimeout,
      boolean serverInProcess) {
    this(
        workload,
        host,
        port,
        users,
        requestSizes,
        responseSizes,
        socket,
        targetRate,
        connectTimeout,
        serverInProcess,
        Transport.TCP,
        null);
  }

  private static void checkUdp(
      NetWorkload workload, List<Integer> requestSizes, List<Integer> responseSizes) {
    if (workload == NetWorkload.CRR) {
      throw new UsageException(
          "--protocol udp: crr connects per transaction and UDP has no connections; use net rr"
              + " --protocol udp, or --protocol tcp");
    }
    for (int req : requestSizes) {
      checkDatagram("--request", req);
    }
    for (int resp : responseSizes) {
      if (workload == NetWorkload.STREAM) {
        if (resp != 0) {
          throw new UsageException(
              "--response: a UDP stream is one-way (the server only counts); leave --response"
                  + " out or set it to 0");
        }
      } else {
        checkDatagram("--response", resp);
      }
    }
  }

  private static void checkDatagram(String option, int size) {
    if (size > UdpProtocol.MAX_DATAGRAM) {
      throw new UsageException(
          option
              + ": "
              + size
              + " bytes do not fit one UDP datagram (at most "
              + UdpProtocol.MAX_DATAGRAM
              + "); use "
              + UdpProtocol.HEADER_LENGTH
              + " to "
              + UdpProtocol.MAX_DATAGRAM
              + " with --protocol udp");
    }
    if (size < UdpProtocol.HEADER_LENGTH) {
      throw new UsageException(
          option
              + ": "
              + size
              + " bytes cannot hold loadlab's "
              + UdpProtocol.HEADER_LENGTH
              + "-byte UDP header (sequence number); use "
              + UdpProtocol.HEADER_LENGTH
              + " to "
              + UdpProtocol.MAX_DATAGRAM
              + " with --protocol udp");
    }
  }

  /** Settings with the workload's default sizes and socket options, one user, closed loop. */
  public static NetSettings defaults(NetWorkload workload, String host, int port) {
    return new NetSettings(
        workload,
        host,
        port,
        List.of(1),
        List.of(workload.defaultRequest()),
        List.of(workload.defaultResponse()),
        NetSocketOptions.DEFAULTS,
        0,
        Duration.ofSeconds(5),
        false);
  }

  /** A copy for another server address. */
  public NetSettings withServer(String newHost, int newPort, boolean inProcess) {
    return new NetSettings(
        workload,
        newHost,
        newPort,
        users,
        requestSizes,
        responseSizes,
        socket,
        targetRate,
        connectTimeout,
        inProcess,
        transport,
        udpTimeout);
  }

  /** True for UDP. */
  public boolean udp() {
    return transport == Transport.UDP;
  }

  /** The sweep points in run order. */
  public List<NetPoint> points() {
    boolean sizeSweep = requestSizes.size() > 1 || responseSizes.size() > 1;
    List<NetPoint> points = new ArrayList<>();
    for (int u : users) {
      for (int req : requestSizes) {
        for (int resp : responseSizes) {
          points.add(new NetPoint(workload, u, req, resp, sizeSweep));
        }
      }
    }
    return points;
  }

  /** The settings as recorded with the results. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("workload", workload.id());
    m.put("protocol", transport.id());
    m.put("host", host);
    m.put("port", port);
    m.put("users", users);
    m.put("request", requestSizes);
    m.put("response", responseSizes);
    m.put("nodelay", socket.noDelay());
    m.put("sendBuffer", socket.sendBuffer());
    m.put("receiveBuffer", socket.receiveBuffer());
    m.put("rate", targetRate);
    m.put("connectTimeoutMs", connectTimeout.toMillis());
    m.put("serverInProcess", serverInProcess);
    if (udp()) {
      m.put("udpTimeoutMs", udpTimeout.toMillis());
    }
    return m;
  }

  private static List<Integer> checked(String option, List<Integer> values, int min, int max) {
    if (values == null || values.isEmpty()) {
      throw new UsageException(option + ": a value is needed");
    }
    for (Integer v : values) {
      if (v == null || v < min || v > max) {
        throw new UsageException(option + ": " + v + " is out of range; use " + min + " to " + max);
      }
    }
    return List.copyOf(values);
  }
}
