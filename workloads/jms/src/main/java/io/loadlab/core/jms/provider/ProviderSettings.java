package io.loadlab.core.jms.provider;

import java.nio.file.Path;

/**
 * loadlab's connection settings as a provider receives them, to map onto its own. The password and
 * the trust store's password are never part of {@link #toString()}.
 *
 * @param url the broker URL as the user gave it (the provider's own syntax)
 * @param user user name, or {@code null} for anonymous
 * @param password password, or {@code null}
 * @param trustStore a JKS or PKCS12 trust store for TLS, or {@code null} for the JVM's
 * @param trustStorePassword its password, or {@code null}
 * @param prefetch messages a consumer may be sent ahead, or -1 for the provider's default
 * @param presettled presettled delivery ({@link ProviderFeature#PRESETTLED})
 * @param tcpNoDelay TCP_NODELAY on the client's sockets
 * @param maxFrameSize the largest frame, or -1 for the provider's default
 * @param waitStrategy Qpid JMS's future type, or {@code auto}
 */
public record ProviderSettings(
    String url,
    String user,
    String password,
    Path trustStore,
    String trustStorePassword,
    int prefetch,
    boolean presettled,
    boolean tcpNoDelay,
    int maxFrameSize,
    String waitStrategy) {

  @Override
  public String toString() {
    return "ProviderSettings[url="
        + io.loadlab.core.util.Secrets.mask(url)
        + ", user="
        + user
        + "]";
  }
}
