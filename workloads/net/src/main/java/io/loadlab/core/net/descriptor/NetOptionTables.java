package io.loadlab.core.net.descriptor;

import io.loadlab.core.net.NetProtocol;
import io.loadlab.core.net.NetSettings;
import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.UdpConnection;
import io.loadlab.core.net.UdpProtocol;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Sizes;
import java.util.Map;

/**
 * The descriptions of the {@code net} commands' options ({@link OptionSpec}: the command line,
 * campaign steps and docs/configuration.md all use these).
 */
final class NetOptionTables {
  private NetOptionTables() {}

  private static final String DEFAULT_PORT = String.valueOf(NetProtocol.DEFAULT_PORT);

  static final OptionSpec SEND_BUFFER =
      OptionSpec.value(
          "send-buffer", "SIZE", Type.SIZE, "SO_SNDBUF, e.g. 256K (default: the system's)");

  static final OptionSpec RECEIVE_BUFFER =
      OptionSpec.value(
          "receive-buffer", "SIZE", Type.SIZE, "SO_RCVBUF, e.g. 256K (default: the system's)");

  /** {@code net serve}'s options. */
  static final OptionTable SERVE =
      OptionTable.of(
          OptionSpec.value(
                  "port",
                  "PORT",
                  Type.NUMBER,
                  "TCP and UDP port to listen on (default " + DEFAULT_PORT + ")")
              .defaultValue(DEFAULT_PORT)
              .range(0, 65535)
              .docs(
                  "`" + DEFAULT_PORT + "`",
                  "TCP and UDP port to listen on; `0` picks a port free for both (printed). A port"
                      + " in use (TCP or UDP) is refused with exit code 2"),
          OptionSpec.value(
                  "host",
                  "ADDRESS",
                  Type.TEXT,
                  "address to listen on (default: every address, IPv4 and IPv6)")
              .docs(
                  "every address (IPv4 and IPv6)",
                  "address to listen on, e.g. `127.0.0.1`, `::1`, `10.213.1.1`"),
          SEND_BUFFER.docs(
              "the system's", "SO_SNDBUF of every accepted connection and of the UDP sockets"),
          RECEIVE_BUFFER.docs(
              "the system's",
              "SO_RCVBUF of the listening socket (inherited by accepted connections) and of the"
                  + " UDP sockets"));

  /**
   * The options of {@code net rr}, {@code crr} and {@code stream}: their help names the defaults.
   */
  static OptionTable load(NetWorkload workload) {
    return OptionTable.of(
        OptionSpec.value(
                "host",
                "HOST",
                Type.TEXT,
                "server host name or address, IPv4 or IPv6 (default: a server started in this"
                    + " process on 127.0.0.1)")
            .docs(
                "none: a server started in this process on `127.0.0.1`, on a free port",
                "the server (`loadlab net serve`), a host name, IPv4 or IPv6 address (see [Bad"
                    + " values](#bad-values) for what is a host). An unreachable server is exit"
                    + " code 3"),
        OptionSpec.value("port", "PORT", Type.NUMBER, "server port (default " + DEFAULT_PORT + ")")
            .defaultValue(DEFAULT_PORT)
            .range(1, 65535)
            .docs("`" + DEFAULT_PORT + "`", "the server's port"),
        OptionSpec.value(
                "users",
                "LIST",
                Type.NUMBER,
                "concurrent users (connections), e.g. 1,10,20,50 (default 1)")
            .defaultValue("1")
            .range(1, NetSettings.MAX_USERS)
            .docs(
                "`1`",
                "concurrent users, each with its own connection (crr: its own sequence of"
                    + " connections), e.g. `1,10,20,50`"),
        OptionSpec.value(
                "request",
                "SIZES",
                Type.SIZE,
                "request size(s) in bytes, e.g. 200 or 1,64,200 (default "
                    + Sizes.format(workload.defaultRequest())
                    + ")")
            .docs(
                "rr `1`, crr `64`, stream `20`; udp: rr `14`, stream `1472`",
                "request payload bytes, one or a list, e.g. `200` or `1,64,200`; `0` allowed over"
                    + " TCP. UDP: the whole datagram, `12` (loadlab's header) to `65507`"),
        OptionSpec.value(
                "response",
                "SIZES",
                Type.SIZE,
                "response size(s) in bytes; 0 = one-way (default "
                    + Sizes.format(workload.defaultResponse())
                    + ")")
            .docs(
                "rr `1`, crr `8192`, stream `20M`; udp: rr `14`, stream `0`",
                "response bytes, one or a list; `0` makes one-way messages (stream send,"
                    + " TCP_STREAM). UDP: rr `12` to `65507`; a UDP stream has no response"),
        OptionSpec.value(
                "protocol",
                "tcp|udp",
                Type.TEXT,
                "transport (default tcp); udp: rr is netperf UDP_RR, stream is UDP_STREAM, sizes"
                    + " are datagrams of "
                    + UdpProtocol.HEADER_LENGTH
                    + " to "
                    + UdpProtocol.MAX_DATAGRAM
                    + " bytes")
            .defaultValue("tcp")
            .docs(
                "`tcp`",
                "the transport. `udp`: rr sends a request datagram and waits for the response"
                    + " datagram (UDP_RR), stream sends datagrams one way and the server counts"
                    + " them (UDP_STREAM); not for crr"),
        OptionSpec.value(
                "udp-timeout",
                "TIME",
                Type.DURATION,
                "udp: a response not back within this counts as lost (default "
                    + UdpConnection.DEFAULT_TIMEOUT.toMillis()
                    + "ms)")
            .defaultValue(UdpConnection.DEFAULT_TIMEOUT.toMillis() + "ms")
            .docs(
                "`"
                    + UdpConnection.DEFAULT_TIMEOUT.toMillis()
                    + "ms` (TCP's minimum retransmission timeout on Linux)",
                "udp only: a response not back within this counts as **lost**, never as latency,"
                    + " and the user goes on (with `--rate`, on its schedule from then); the"
                    + " expiry is noticed within an eighth of the timeout (at most 25 ms)"),
        OptionSpec.flag(
                "mtu-check",
                "warn when a request or response does not fit one packet at the MTU of the route's"
                    + " interface")
            .docs(
                "off",
                "before the run, a `warning:` line on stderr for each request or response size"
                    + " that does not fit one packet at the MTU of the route's interface (UDP:"
                    + " sent as IP fragments; TCP: several segments)"),
        OptionSpec.value("nodelay", "on|off", Type.TEXT, "TCP_NODELAY (default on)")
            .defaultValue("on")
            .docs(
                "`on`",
                "TCP_NODELAY on the client's connections, and (announced in each frame) on the"
                    + " server's side"),
        SEND_BUFFER.docs(
            "the system's",
            "SO_SNDBUF of the client's connections (and of the in-process server's)"),
        RECEIVE_BUFFER.docs(
            "the system's",
            "SO_RCVBUF of the client's connections, set before connecting (and of the in-process"
                + " server's)"),
        OptionSpec.value(
                "rate",
                "TPS",
                Type.NUMBER,
                "target transactions/s over all users (open loop, latency from the intended"
                    + " start); 0 (the default): as fast as possible")
            .defaultValue("0")
            .docs(
                "`0`: as fast as possible (closed loop)",
                "target transactions per second over all users (open loop): each user sends on a"
                    + " fixed schedule and latency is measured from the intended start, so a stall"
                    + " counts against every transaction it delayed (coordinated omission"
                    + " corrected); a point that achieves less than `--rate-tolerance` of it fails"
                    + " the run ([Target rates](#target-rates)); `0` is the same as leaving it"
                    + " out. A decimal number from `0` to `1e9`"),
        OptionSpec.value(
                "connect-timeout",
                "TIME",
                Type.DURATION,
                "how long a connect may take (default 5s)")
            .defaultValue("5s")
            .docs("`5s`", "how long a connect may take"));
  }

  /** The option tables of docs/configuration.md that these describe, by their heading. */
  static Map<String, OptionTable> docsSections() {
    return Map.of(
        "## `loadlab net serve`",
        SERVE,
        "## `loadlab net rr`, `net crr`, `net stream`",
        load(NetWorkload.RR));
  }
}
