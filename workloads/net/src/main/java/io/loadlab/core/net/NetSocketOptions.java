package io.loadlab.core.net;

import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;

/**
 * Socket options for a network connection.
 *
 * @param noDelay TCP_NODELAY (no Nagle delay); on by default so that requests larger than one write
 *     are not held back
 * @param sendBuffer SO_SNDBUF in bytes, 0 for the system default
 * @param receiveBuffer SO_RCVBUF in bytes, 0 for the system default
 */
public record NetSocketOptions(boolean noDelay, int sendBuffer, int receiveBuffer) {
  /** TCP_NODELAY on, system buffer sizes. */
  public static final NetSocketOptions DEFAULTS = new NetSocketOptions(true, 0, 0);

  public NetSocketOptions {
    if (sendBuffer < 0) {
      throw new UsageException("--send-buffer: " + sendBuffer + " is negative; use 0 or more");
    }
    if (receiveBuffer < 0) {
      throw new UsageException(
          "--receive-buffer: " + receiveBuffer + " is negative; use 0 or more");
    }
  }

  /** Applies these options to a channel (receive buffer before connect, for window scaling). */
  void applyTo(SocketChannel channel) throws IOException {
    channel.setOption(StandardSocketOptions.TCP_NODELAY, noDelay);
    if (sendBuffer > 0) {
      channel.setOption(StandardSocketOptions.SO_SNDBUF, sendBuffer);
    }
    if (receiveBuffer > 0) {
      channel.setOption(StandardSocketOptions.SO_RCVBUF, receiveBuffer);
    }
  }
}
