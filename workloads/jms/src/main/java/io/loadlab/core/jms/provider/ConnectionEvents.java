package io.loadlab.core.jms.provider;

/**
 * What a provider tells of a connection beyond JMS's exception listener: an interruption and its
 * end while a failover transport reconnects.
 */
public interface ConnectionEvents {
  /** The connection was lost; the provider is trying to restore it. */
  void interrupted();

  /** The connection is back. */
  void restored();

  /** The connection failed for good. */
  void failed(Throwable error);
}
