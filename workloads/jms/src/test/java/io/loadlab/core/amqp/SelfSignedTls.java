package io.loadlab.core.amqp;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway TLS identity for tests, made with the JDK's keytool: a broker key store holding a
 * self-signed certificate for 127.0.0.1 and a trust store holding that certificate (both PKCS12).
 * Passwords reach keytool through its environment, never its command line.
 */
public record SelfSignedTls(
    Path keyStore, String keyStorePassword, Path trustStore, String trustPassword) {

  public static SelfSignedTls create(Path dir) throws Exception {
    SelfSignedTls tls =
        new SelfSignedTls(
            dir.resolve("broker.p12"),
            "key-secret-7Q",
            dir.resolve("trust.p12"),
            "trust-secret-9Z");
    Path cert = dir.resolve("broker.crt");
    tls.keytool(
        "-genkeypair",
        "-alias",
        "broker",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=127.0.0.1",
        "-ext",
        "san=ip:127.0.0.1",
        "-validity",
        "2",
        "-storetype",
        "PKCS12",
        "-keystore",
        tls.keyStore.toString(),
        "-storepass:env",
        "KS_PW");
    tls.keytool(
        "-exportcert",
        "-alias",
        "broker",
        "-keystore",
        tls.keyStore.toString(),
        "-storepass:env",
        "KS_PW",
        "-file",
        cert.toString());
    tls.keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "broker",
        "-file",
        cert.toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        tls.trustStore.toString(),
        "-storepass:env",
        "TS_PW");
    return tls;
  }

  private void keytool(String... args) throws Exception {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<String> command = new java.util.ArrayList<>(List.of(keytool.toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("KS_PW", keyStorePassword);
    pb.environment().put("TS_PW", trustPassword);
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("keytool " + args[0] + " failed: " + output);
    }
  }
}
