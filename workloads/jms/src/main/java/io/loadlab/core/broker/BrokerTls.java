package io.loadlab.core.broker;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;

/**
 * An embedded broker's TLS identity: a key store (PKCS12 or JKS) holding its private key and
 * certificate, and the key store's password. With one, the broker's port speaks TLS only ({@code
 * amqps://}). {@link #toString()} never shows the password.
 */
public record BrokerTls(Path keyStore, String password) {
  public BrokerTls {
    if (keyStore == null || !Files.isReadable(keyStore)) {
      throw new UsageException(
          "--tls-keystore: cannot read '"
              + Texts.cut(keyStore)
              + "'; name a readable PKCS12 or JKS file");
    }
  }

  /**
   * Turns TLS on in an acceptor's parameters. They are set as parameters, not in the acceptor's
   * URI, because a password may hold ';' or '&'.
   */
  void configure(Map<String, Object> acceptorParams) {
    acceptorParams.put(TransportConstants.SSL_ENABLED_PROP_NAME, true);
    acceptorParams.put(
        TransportConstants.KEYSTORE_PATH_PROP_NAME, keyStore.toAbsolutePath().toString());
    acceptorParams.put(TransportConstants.KEYSTORE_PASSWORD_PROP_NAME, password);
    acceptorParams.put(TransportConstants.KEYSTORE_TYPE_PROP_NAME, keyStoreType());
  }

  private String keyStoreType() {
    String name = keyStore.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".jks") ? "JKS" : "PKCS12";
  }

  @Override
  public String toString() {
    return "BrokerTls[keyStore=" + keyStore + "]";
  }
}
