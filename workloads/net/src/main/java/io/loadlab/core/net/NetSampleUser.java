package io.loadlab.core.net;

import io.loadlab.core.workload.WorkloadUser;
import java.io.IOException;

/**
 * One user of a {@code net} command whose transactions a front-end starts one at a time and times
 * (a JMeter sample each): its first users count, request and response size; rr and stream on a
 * connection (UDP: a socket) of its own, crr connecting per transaction. Without a host it starts a
 * server of its own on loopback, closed with it.
 */
final class NetSampleUser implements WorkloadUser {
  private final NetSettings settings;
  private final NetServer server;
  private final int request;
  private final int response;
  private NetConnection tcp;
  private UdpConnection udp;

  private NetSampleUser(NetSettings settings, NetServer server) {
    this.settings = settings;
    this.server = server;
    this.request = settings.requestSizes().get(0);
    this.response = settings.responseSizes().get(0);
  }

  /** A user of {@code settings}, its own server started if they name none. */
  static NetSampleUser open(NetSettings settings) throws IOException {
    if (!settings.serverInProcess()) {
      return new NetSampleUser(settings, null);
    }
    NetServer server = NetServer.start("127.0.0.1", 0, settings.socket());
    return new NetSampleUser(settings.withServer("127.0.0.1", server.port(), true), server);
  }

  @Override
  public Done operate() throws IOException {
    String operation = settings.workload().id();
    if (settings.udp()) {
      if (udp == null) {
        udp =
            UdpConnection.open(
                settings.host(), settings.port(), settings.socket(), settings.udpTimeout());
      }
      if (settings.workload() == NetWorkload.STREAM) {
        udp.send(request);
        return new Done(operation, request, 0);
      }
      if (!udp.transact(request, response)) {
        throw new IOException("lost: " + udp.lastLoss());
      }
      return new Done(operation, request, response);
    }
    if (settings.workload() == NetWorkload.CRR) {
      try (NetConnection c = connect()) {
        c.transactAndClose(request, response);
      }
      return new Done(operation, request, response);
    }
    if (tcp == null) {
      tcp = connect();
    }
    try {
      tcp.transact(request, response);
    } catch (IOException e) {
      closeConnections(); // the next operation connects again
      throw e;
    }
    return new Done(operation, request, response);
  }

  private NetConnection connect() throws IOException {
    return NetConnection.open(
        settings.host(), settings.port(), settings.socket(), settings.connectTimeout());
  }

  private void closeConnections() throws IOException {
    try {
      if (tcp != null) {
        tcp.close();
      }
    } finally {
      tcp = null;
      try {
        if (udp != null) {
          udp.close();
        }
      } finally {
        udp = null;
      }
    }
  }

  @Override
  public void close() throws IOException {
    try {
      closeConnections();
    } finally {
      if (server != null) {
        server.close();
      }
    }
  }
}
