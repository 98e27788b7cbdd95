package io.loadlab.core.amqp;

/** Message bodies: {@code size} bytes of repeated a-z, A-Z, as qpid-latency-test sends. */
public final class Payloads {
  private static final byte[] ALPHABET =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
          .getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private Payloads() {}

  /** A body of {@code size} bytes. */
  public static byte[] of(int size) {
    byte[] body = new byte[size];
    for (int i = 0; i < size; i++) {
      body[i] = ALPHABET[i % ALPHABET.length];
    }
    return body;
  }
}
